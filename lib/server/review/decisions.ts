import "server-only";
/**
 * Members' review decisions (docs/architecture.md, "Review"): each member approves a render or
 * requests changes with a note (posted as a comment), and may withdraw it. With sign-in off the team
 * decides as one (`""`, "Team"). Every decision and withdrawal is an entry of the audit log.
 */
import { type Member, type ReviewDecisionInput, type ReviewSummary } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { favouritesOwner } from "@/lib/server/ledger/favourites";
import * as ledger from "@/lib/server/ledger/review-decisions";
import { toLedgerRender } from "@/lib/server/ledger/renders";
import { NO_REVIEW } from "@/lib/server/ledger/review-summary";
import { assertMayMake } from "@/lib/server/team/limits";
import { requireRender } from "./comments";
import { decisionRecipients } from "./recipients";

/** Who decides: the member, or the team with sign-in off. */
const decider = (member: Member | null) => ({ id: favouritesOwner(member), name: member?.name ?? "Team" });

export async function decide(
  renderId: string,
  input: ReviewDecisionInput,
  by: Actor,
): Promise<ReviewSummary> {
  const db = await getDb();
  const render = await requireRender(db, renderId);
  const note = input.decision === "changes" ? (input.note ?? null) : null;
  // The note is a comment, limited as comments are.
  if (note !== null) await assertMayMake("comments", by.member);
  const member = decider(by.member);
  const decidedAt = new Date().toISOString();
  const inbox = await decisionRecipients(
    db,
    {
      renderId,
      renderMaker: render.member_id,
      actorId: by.member?.id ?? null,
      actorName: member.name,
      mentions: true,
    },
    input.decision,
    note,
    decidedAt,
  );
  const summary = await ledger.setDecision(
    db,
    { renderId, member, decision: input.decision, note, decidedAt },
    inbox,
  );
  await recordAudit(db, {
    kind: "review.decided",
    by,
    target: { type: "render", id: renderId },
    change: { before: {}, after: { decision: input.decision } },
  });
  return summary;
}

export async function withdraw(renderId: string, by: Actor): Promise<ReviewSummary> {
  const db = await getDb();
  await requireRender(db, renderId);
  const withdrawn = await ledger.withdrawDecision(db, renderId, decider(by.member).id);
  if (withdrawn) {
    await recordAudit(db, { kind: "review.withdrawn", by, target: { type: "render", id: renderId } });
  }
  const row = await requireRender(db, renderId);
  return toLedgerRender(row).review ?? NO_REVIEW;
}

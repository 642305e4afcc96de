import "server-only";
/**
 * Deciding on renders held for approval (docs/architecture.md, "Approval before spending"). An
 * approval sends the create through create.ts's own path, once: the ledger's conditional move out of
 * `awaiting_approval` lets exactly one decision through, and the others get a 409. The decision that
 * goes through is an entry of the audit log.
 */
import {
  madeBy,
  AppError,
  type Approval,
  type ApprovalDecisionBody,
  type ApprovalList,
  type ApprovalStarted,
  type Member,
  type RenderRequest,
} from "@/lib/contract";
import { getClusterMember } from "@/lib/server/cluster/process-member";
import { getDb, type Db } from "@/lib/server/db/database";
import { decide, findApproval, listWaiting, type Decision } from "@/lib/server/ledger/approvals";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { findMemberRow, toMember } from "@/lib/server/ledger/members";
import { assertMaySend, send } from "@/lib/server/renders/create";
import { estimateCost } from "@/lib/server/rates/pricing";

export async function listApprovals(): Promise<ApprovalList> {
  return { items: await listWaiting(await getDb()) };
}

/**
 * Sends the render: the member's cap is checked again as it is now (an approval does not lift it),
 * then the request moves to `submitting` if it still waits, and is sent as a direct create is.
 */
export async function approveRender(
  id: string,
  by: Actor,
  body: ApprovalDecisionBody,
): Promise<ApprovalStarted> {
  const db = await getDb();
  const waiting = await waitingApproval(db, id);
  const request = waiting.params as RenderRequest;
  const member = await requester(db, waiting);
  try {
    await assertMaySend(db, request, member, await estimateCost(request));
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "member_cap_reached") throw error;
    throw new AppError(
      "member_cap_reached",
      `Not sent: this render would pass ${member.name}'s monthly cap. Raise the cap and approve it again, or decline it.`,
    );
  }
  const note = noteOf(body);
  const claimed = await decide(db, id, {
    decision: "approved",
    by: madeBy(by.member),
    note,
    owner: (await getClusterMember()).id,
  });
  if (!claimed) throw await alreadyDecided(db, id);
  // Recorded before the send, which may fail: the decision stands either way.
  await recordDecision(db, by, waiting, "approved", note);
  const render = await send(db, claimed, request, member);
  return { approval: await decided(db, id), render };
}

/** Declines the render, which is then never sent; the member's card shows who declined it and the note. */
export async function declineRender(id: string, by: Actor, body: ApprovalDecisionBody): Promise<Approval> {
  const db = await getDb();
  const waiting = await waitingApproval(db, id);
  const note = noteOf(body);
  const byWhom = by.member ? ` by ${by.member.name}` : "";
  const decision: Decision = {
    decision: "declined",
    by: madeBy(by.member),
    note,
    declined: {
      error: {
        code: "approval_decided",
        message: note ? `Declined${byWhom}: ${note}` : `Declined${byWhom}.`,
      },
    },
  };
  if (!(await decide(db, id, decision))) throw await alreadyDecided(db, id);
  await recordDecision(db, by, waiting, "declined", note);
  return decided(db, id);
}

/** How much of its prompt names a render request in the audit log, after whose it is. */
const PROMPT_CHARS = 120;

function recordDecision(
  db: Db,
  by: Actor,
  approval: Approval,
  decision: "approved" | "declined",
  note: string | null,
): Promise<void> {
  return recordAudit(db, {
    kind: "approval.decided",
    by,
    target: {
      type: "render request",
      id: approval.id,
      name: `${approval.member?.name ?? "The team"}: ${approval.prompt.slice(0, PROMPT_CHARS)}`,
    },
    change: { before: { decision: null }, after: { decision, note } },
  });
}

const noteOf = (body: ApprovalDecisionBody) => body.note?.trim() || null;

async function waitingApproval(db: Db, id: string): Promise<Approval> {
  const approval = await findApproval(db, id);
  if (!approval) throw new AppError("not_found", "No render has asked for approval with this id.");
  if (approval.decision !== null) throw await alreadyDecided(db, id);
  return approval;
}

async function decided(db: Db, id: string): Promise<Approval> {
  const approval = await findApproval(db, id);
  if (!approval) throw new AppError("not_found", "No render has asked for approval with this id.");
  return approval;
}

/** The answer to the decision that came second: what the first one was, and whose. */
async function alreadyDecided(db: Db, id: string): Promise<AppError> {
  const approval = await findApproval(db, id);
  const who = approval?.decidedBy ? ` by ${approval.decidedBy.name}` : "";
  const what = approval?.decision ?? "decided";
  return new AppError("approval_decided", `This render was already ${what}${who}.`);
}

/** The member who asked, as they are now (their cap and role). */
async function requester(db: Db, approval: Approval): Promise<Member> {
  const row = approval.member && (await findMemberRow(db, approval.member.id));
  if (!row) {
    throw new AppError(
      "not_found",
      "The member who asked for this render is no longer on the team: decline it instead.",
    );
  }
  return toMember(row);
}

import "server-only";
/**
 * Members' decisions on renders (docs/architecture.md, "Review"): one standing decision per member
 * and render. A change request's note is posted as a comment in the same transaction; every change
 * rewrites the render's summary and is noted for the live stream (`review`).
 */
import type { ReviewSummary } from "@/lib/contract";
import { WHOLE_RENDER, type ReviewDecision } from "@/lib/domain/review";
import type { Db } from "@/lib/server/db/database";
import { withChanges } from "./changes";
import { insertCommentRow, noteComment } from "./comments";
import { insertInboxItems, type NewInboxItem } from "./inbox";
import { refreshReview } from "./review-summary";

export interface NewDecision {
  renderId: string;
  member: { id: string; name: string };
  decision: ReviewDecision;
  /** A change request's note, posted as a comment on the whole render. */
  note: string | null;
  /** When it was decided (ISO): the decision's inbox items are keyed on it, so each is made once. */
  decidedAt: string;
}

/** Sets the member's decision (replacing theirs), with the inbox items `inboxFor` names (given the note's comment id). */
export async function setDecision(
  db: Db,
  input: NewDecision,
  inboxFor: (commentId: string | null) => NewInboxItem[],
): Promise<ReviewSummary> {
  return withChanges(db, async (tx, note) => {
    const comment =
      input.note === null
        ? null
        : await insertCommentRow(tx, {
            renderId: input.renderId,
            parentId: null,
            writer: { kind: "member", ...input.member },
            text: input.note,
            pin: WHOLE_RENDER,
          });
    const row = {
      render_id: input.renderId,
      member_id: input.member.id,
      member_name: input.member.name,
      decision: input.decision,
      note: input.note,
      comment_id: comment?.id ?? null,
      decided_at: input.decidedAt,
    };
    await tx
      .insertInto("review_decisions")
      .values(row)
      .onConflict((c) =>
        c.columns(["render_id", "member_id"]).doUpdateSet({
          member_name: row.member_name,
          decision: row.decision,
          note: row.note,
          comment_id: row.comment_id,
          decided_at: row.decided_at,
        }),
      )
      .execute();
    await insertInboxItems(tx, inboxFor(comment?.id ?? null), note);
    if (comment) noteComment(note, comment, "created");
    note("review", input.renderId);
    return refreshReview(tx, input.renderId, note);
  });
}

/** Withdraws the member's decision; false when they had none. */
export async function withdrawDecision(db: Db, renderId: string, memberId: string): Promise<boolean> {
  return withChanges(db, async (tx, note) => {
    const deleted = await tx
      .deleteFrom("review_decisions")
      .where("render_id", "=", renderId)
      .where("member_id", "=", memberId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    note("review", renderId);
    await refreshReview(tx, renderId, note);
    return true;
  });
}

/** The member's standing decision on the render, if any. */
export async function decisionOf(db: Db, renderId: string, memberId: string) {
  return db
    .selectFrom("review_decisions")
    .selectAll()
    .where("render_id", "=", renderId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
}

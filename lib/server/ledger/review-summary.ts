import "server-only";
/**
 * A render's review summary as its row keeps it (`renders.review`, `renders.review_rank`, migration
 * 019): read into the contract's shape, and the ranks the gallery's `review` filter and a board's
 * approved count select on.
 */
import { sql, type Transaction } from "kysely";
import { z } from "zod/mini";
import { reviewSummarySchema, type ReviewDecisionRecord, type ReviewSummary } from "@/lib/contract";
import {
  REVIEW_FILTER_STATES,
  REVIEW_STATES,
  reviewState,
  type ReviewFilter,
  type ReviewState,
} from "@/lib/domain/review";
import type { Database } from "@/lib/server/db/schema";
import type { NoteChange } from "./changes";
import { touchedAt } from "./updated-at";

/** A state's rank in `renders.review_rank`: its place in REVIEW_STATES (0 none … 3 approved). */
export const reviewRank = (state: ReviewState): number => REVIEW_STATES.indexOf(state);

/** The ranks one value of the `review` filter lists. */
export const reviewRanksOf = (filter: ReviewFilter): number[] => REVIEW_FILTER_STATES[filter].map(reviewRank);

/** The summary of a render nobody has commented on or decided about. */
export const NO_REVIEW: ReviewSummary = { state: "none", openThreads: 0, comments: 0, decisions: [] };

/** The summary a row holds; a render nobody reviewed (null) has none of anything. */
export function reviewOfRow(json: string | null): ReviewSummary {
  if (json === null) return NO_REVIEW;
  const parsed = z.safeParse(reviewSummarySchema, JSON.parse(json));
  if (!parsed.success)
    throw new Error(`a render's review summary breaks its schema: ${parsed.error.message}`);
  return parsed.data;
}

/** `count(*) filter (approved)` for a query over renders: how many of them are approved. */
export const approvedCount =
  sql<number>`sum(case when renders.review_rank = ${sql.lit(reviewRank("approved"))} then 1 else 0 end)`.as(
    "approved",
  );

/**
 * Rewrites the render's summary from its comments and decisions, in the transaction that changed
 * them, and notes the render: cards and open pages follow, and the gallery's filter reads the new
 * rank. A render the ledger no longer holds is left alone.
 */
export async function refreshReview(
  tx: Transaction<Database>,
  renderId: string,
  note: NoteChange,
): Promise<ReviewSummary> {
  const [counts, decisions] = await Promise.all([
    tx
      .selectFrom("comments")
      .select((eb) => [
        eb.fn.countAll<number>().as("comments"),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb("parent_id", "is", null), eb("resolved_at", "is", null)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as("open"),
      ])
      .where("render_id", "=", renderId)
      .where("deleted_at", "is", null)
      .executeTakeFirst(),
    tx
      .selectFrom("review_decisions")
      .leftJoin("comments", "comments.id", "review_decisions.comment_id")
      .select([
        "review_decisions.member_id",
        "review_decisions.member_name",
        "review_decisions.decision",
        "review_decisions.note",
        "review_decisions.comment_id",
        "review_decisions.decided_at",
        "comments.resolved_at",
        "comments.deleted_at",
      ])
      .where("review_decisions.render_id", "=", renderId)
      .orderBy("review_decisions.decided_at", "desc")
      .orderBy("review_decisions.member_id")
      .execute(),
  ]);
  const records: ReviewDecisionRecord[] = decisions.map((d) => ({
    memberId: d.member_id,
    name: d.member_name,
    decision: d.decision === "changes" ? "changes" : "approve",
    note: d.note,
    commentId: d.comment_id,
    // A change request's note thread resolved (or deleted) means the change was made.
    open: d.decision !== "changes" || (d.resolved_at === null && d.deleted_at === null),
    at: d.decided_at,
  }));
  const comments = Number(counts?.comments ?? 0);
  const state = reviewState(records, comments);
  const summary: ReviewSummary = {
    state,
    openThreads: Number(counts?.open ?? 0),
    comments,
    decisions: records,
  };
  const changed = await tx
    .updateTable("renders")
    .set({
      review: JSON.stringify(summary),
      review_rank: reviewRank(state),
      updated_at: touchedAt(new Date().toISOString()),
    })
    .where("id", "=", renderId)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) note("render", renderId);
  return summary;
}

import "server-only";
/**
 * A render's review summary as its row keeps it (`renders.review`, `renders.review_rank`, migration
 * 019): read into the contract's shape, and the ranks the gallery's `review` filter and a board's
 * approved count select on.
 */
import { sql } from "kysely";
import { reviewSummarySchema, type ReviewSummary } from "@/lib/contract";
import {
  REVIEW_FILTER_STATES,
  REVIEW_STATES,
  type ReviewFilter,
  type ReviewState,
} from "@/lib/domain/review";
import { z } from "zod/mini";

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

/**
 * A render's review states and the gallery's review filter (docs/architecture.md, "Review"), apart
 * from review.ts's pin schema: cards and the gallery's filters read them on the home page's first
 * load, which must not carry zod. review.ts re-exports them.
 */

/** A render's review state, as cards, the viewer and the gallery's filter name it. */
export const REVIEW_STATES = ["none", "in_review", "changes", "approved"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The gallery's `review` filter: `needs` is every render no one has approved or asked changes of. */
export const REVIEW_FILTERS = ["needs", "changes", "approved"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** The states each filter value lists. */
export const REVIEW_FILTER_STATES: Record<ReviewFilter, readonly ReviewState[]> = {
  needs: ["none", "in_review"],
  changes: ["changes"],
  approved: ["approved"],
};

/** How each state reads on a badge and in the filter. */
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  none: "Not reviewed",
  in_review: "In review",
  changes: "Changes requested",
  approved: "Approved",
};

/**
 * A render's review at a glance: its state (Approved, Changes requested, In review) with who decided,
 * and its open threads. On cards, in the viewer and on the render page.
 */
import { MessageSquareIcon } from "lucide-react";
import type { ReviewSummary } from "@/lib/contract";
import { REVIEW_STATE_LABELS } from "@/lib/domain/review-states";

const TONES: Record<ReviewSummary["state"], string> = {
  none: "",
  in_review: "bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300",
  changes: "bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300",
  approved: "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300",
};

/** Who decided what the state says: the approvers of an approved render, the askers of changes. */
export function decidedBy(review: ReviewSummary): string[] {
  if (review.state === "approved") {
    return review.decisions.filter((d) => d.decision === "approve").map((d) => d.name);
  }
  if (review.state === "changes") {
    return review.decisions.filter((d) => d.decision === "changes" && d.open).map((d) => d.name);
  }
  return [];
}

export function ReviewBadge({
  review,
  withNames = false,
}: {
  review: ReviewSummary | undefined;
  withNames?: boolean;
}) {
  if (!review || review.state === "none") return null;
  const names = decidedBy(review);
  const label = REVIEW_STATE_LABELS[review.state];
  return (
    <span
      data-review-state={review.state}
      title={names.length > 0 ? `${label} by ${names.join(", ")}` : undefined}
      className={`inline-flex max-w-full items-center truncate rounded-full px-2 py-0.5 text-xs font-medium ${TONES[review.state]}`}
    >
      {withNames && names.length > 0 ? `${label} by ${names.join(", ")}` : label}
    </span>
  );
}

/** "2 open" threads, on a card. */
export function OpenThreads({ review }: { review: ReviewSummary | undefined }) {
  if (!review || review.openThreads === 0) return null;
  const { openThreads } = review;
  return (
    <span
      data-open-threads={openThreads}
      className="inline-flex items-center gap-1 text-xs text-zinc-600 tabular-nums dark:text-zinc-400"
    >
      <MessageSquareIcon aria-hidden="true" className="size-3.5" />
      {openThreads}
      <span className="sr-only"> open {openThreads === 1 ? "thread" : "threads"}</span>
    </span>
  );
}

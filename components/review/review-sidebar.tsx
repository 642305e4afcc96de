"use client";
/** A render's review beside its media: the decision, then the Comments panel. */
import type { LedgerRender } from "@/lib/contract";
import { CommentsPanel } from "./comments-panel";
import { ReviewDecision } from "./review-decision";

export function ReviewSidebar({ render }: { render: LedgerRender }) {
  return (
    <div className="flex flex-col gap-4">
      <ReviewDecision render={render} />
      <CommentsPanel renderId={render.id} />
    </div>
  );
}

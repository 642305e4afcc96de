"use client";
/** The form's foot: cost, the submit button, the 429 countdown and what went wrong with the last try. */
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { CostEstimate } from "./cost-estimate";
import { useMakesGrid } from "./grid-mode";
import type { ShownFailure } from "./use-submit-render";

export interface SubmitBarProps {
  busy: boolean;
  retryInSeconds: number;
  failure: ShownFailure | null;
  uploadsRunning: number;
  /** Beside the submit button (e.g. "Save as preset"). */
  secondaryAction?: ReactNode;
  /** Whether Grid is open: the button then previews the grid (as it does for a prompt's variables). */
  gridOpen: boolean;
}

export function SubmitBar({
  busy,
  retryInSeconds,
  failure,
  uploadsRunning,
  secondaryAction,
  gridOpen,
}: SubmitBarProps) {
  const grid = useMakesGrid(gridOpen);
  const waiting = retryInSeconds > 0;
  // A render started mid-upload would go without the file the user just dropped.
  const blocked = busy || waiting || uploadsRunning > 0;
  return (
    <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      {failure && failure.type !== "admin" && (
        <Notice
          tone={["unknown-outcome", "cap", "rate-limited"].includes(failure.type) ? "warning" : "error"}
        >
          {failure.message}
        </Notice>
      )}
      <div className="flex flex-col gap-3 @md:flex-row @md:items-start @md:justify-between">
        <CostEstimate />
        <div className="flex shrink-0 flex-col items-stretch gap-1.5 @md:items-end">
          <div className="flex gap-2 *:flex-1 @md:*:flex-none">
            {secondaryAction}
            <Button
              type="submit"
              variant="primary"
              className="h-10 px-5"
              disabled={blocked}
              busy={busy}
              aria-describedby="start-render-status"
              // Toasts on a narrow screen keep clear of it (components/ui/toaster.tsx).
              data-toast-clear
            >
              {grid ? "Preview grid" : "Start render"}
            </Button>
          </div>
          <p
            id="start-render-status"
            role="status"
            className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
          >
            {waiting ? (
              <span className="font-medium text-amber-700 dark:text-amber-400">
                Rate limited: try again in {retryInSeconds} s
              </span>
            ) : uploadsRunning > 0 ? (
              `Waiting for ${uploadsRunning} upload${uploadsRunning === 1 ? "" : "s"} to finish`
            ) : (
              <span className="hidden @md:inline">Ctrl/⌘ + Enter to start</span>
            )}
          </p>
        </div>
      </div>
    </div>
  );
}

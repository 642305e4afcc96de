"use client";

/** The header's discreet word that live updates are paused; loaded only when they are. */
import { RefreshCwOff } from "lucide-react";
import { Hint } from "@/components/ui/hint";
import { FALLBACK_REFETCH_MS } from "@/lib/client/live/live-state";

export default function LivePausedNotice() {
  return (
    <Hint label={`Changes still show, checked every ${FALLBACK_REFETCH_MS / 1000} s; reconnecting…`}>
      <span
        role="status"
        tabIndex={0}
        className="inline-flex items-center gap-1.5 rounded-full border border-zinc-200 px-2 py-0.5 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
      >
        <RefreshCwOff aria-hidden="true" className="size-3.5" />
        Live updates paused
      </span>
    </Hint>
  );
}

"use client";

/**
 * Starts this tab's live event stream once someone may read the ledger (signed in, or sign-in off),
 * and says discreetly when live updates are paused. The stream's code loads after the page is
 * interactive: a first paint never waits for it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { RefreshCwOff } from "lucide-react";
import { useEffect } from "react";
import { Hint } from "@/components/ui/hint";
import { FALLBACK_REFETCH_MS, setLiveState, useLiveState } from "@/lib/client/live/live-state";
import { useSession } from "@/lib/client/queries/session";
import { signInPath } from "@/lib/domain/next-path";

export function LiveUpdates() {
  const queryClient = useQueryClient();
  const session = useSession().data;
  const mayRead = session !== undefined && (!session.authEnabled || session.member !== null);

  useEffect(() => {
    if (!mayRead) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("@/lib/client/live/event-stream")
      .then(({ startLiveUpdates }) => {
        if (cancelled) return;
        stop = startLiveUpdates(queryClient, {
          onSignedOut: () =>
            // A full load: nothing the member saw stays in this tab's memory.
            window.location.assign(signInPath(window.location.pathname + window.location.search)),
        });
      })
      .catch(() => setLiveState("paused"));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, mayRead]);

  return <LivePausedNotice />;
}

function LivePausedNotice() {
  if (useLiveState() !== "paused") return null;
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

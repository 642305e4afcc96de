"use client";

/**
 * Starts this tab's live event stream once someone may read the ledger (signed in, or sign-in off),
 * says when live updates are paused, and shows the caller's spend notices and inbox (which the
 * stream keeps current). The stream's code, the paused notice and the notices load after the page is
 * interactive (the stream once the whole page has hydrated): a first paint never waits for them.
 */
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, lazy, useEffect } from "react";
import { setLiveState, useLiveState } from "@/lib/client/live/live-state";
import { useSession } from "@/lib/client/queries/session";
import { whenIdle } from "@/lib/client/when-idle";

const LivePausedNotice = lazy(() => import("./live-paused-notice"));

/**
 * Longest wait for an idle moment before the stream starts all the same (a page that is never idle).
 * It waits for one because the page's parts below the header (each Suspense boundary) hydrate after
 * this effect runs, from the data the server rendered them with: an event, or the first hello's
 * re-read, changing that data before they hydrate would make their text differ from the server's
 * (a hydration mismatch, and a flash as React renders them again).
 */
const IDLE_WAIT_MS = 3_000;

const InboxButton = lazy(() => import("./inbox-button"));

export function LiveUpdates() {
  const queryClient = useQueryClient();
  const session = useSession().data;
  const mayRead = session !== undefined && (!session.authEnabled || session.member !== null);
  // The browser's tabs share one stream per member (the team's own with sign-in off).
  const memberKey = session?.member?.id ?? "team";
  const paused = useLiveState() === "paused";

  useEffect(() => {
    if (!mayRead) return;
    let stop: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    // The stream's code can fail to arrive (a dropped connection, a redeploy): try again, less often.
    const start = (attempt: number) => {
      import("@/lib/client/live/event-stream")
        .then(({ startLiveUpdates }) => {
          if (!cancelled) stop = startLiveUpdates(queryClient, memberKey);
        })
        .catch(() => {
          if (cancelled) return;
          setLiveState("paused");
          retry = setTimeout(() => start(attempt + 1), Math.min(60_000, 5_000 * 2 ** attempt));
        });
    };
    const idle = whenIdle(() => start(0), IDLE_WAIT_MS);
    return () => {
      cancelled = true;
      idle();
      clearTimeout(retry);
      stop?.();
    };
  }, [queryClient, mayRead, memberKey]);

  return (
    <Suspense>
      {/* A member's own, or with sign-in off the team's: spend notices, and what is addressed to them. */}
      {mayRead && <InboxButton />}
      {paused && <LivePausedNotice />}
    </Suspense>
  );
}

/**
 * The live updates of this tab, shared by every component through the query cache: events update
 * the cached renders, lists and balances in place, so nothing polls. The browser holds one stream
 * per member, in one of the member's tabs, which relays it to the others (tab-election.ts); where
 * a browser cannot share it, each tab holds its own.
 *
 * - Nothing is missed across a drop or a change of tab: the stream resumes from the last event id
 *   heard (server-stream.ts), and past the server's buffer each tab catches up (tab-updates.ts).
 * - While the stream is paused each tab re-reads what it shows every 10 s (in a hidden tab too, so a
 *   render finishing there still shows in the title).
 * - The end of the session sends every tab to sign-in; so does a sign-out in another tab.
 */
import type { QueryClient } from "@tanstack/react-query";
import { applyLiveEvents } from "./apply-events";
import { setLiveState } from "./live-state";
import { sharedStreamName, type LiveMessage } from "./live-messages";
import { openServerStream } from "./server-stream";
import { onSignOutElsewhere } from "./session-channel";
import { followInThisTab, leaveForSignIn } from "./tab-updates";
import { canShareStream, joinTabElection } from "./tab-election";

/**
 * A change made in this tab (a star, an archive) is put into the cache as the stream's own event
 * would be. Callers load it from here rather than from apply-events: this module is already loaded
 * by then, and one entry point keeps the bundler from splitting the shared query code out of the
 * first load into a chunk of its own.
 */
export { applyLiveEvents };

/**
 * Starts this tab's live updates for `memberKey` (the signed-in member's id, or the team's with
 * sign-in off): tabs share a stream only with tabs of the same member.
 */
export function startLiveUpdates(queryClient: QueryClient, memberKey: string): () => void {
  let stopped = false;
  let leave: () => void = () => {};
  const stop = () => {
    if (stopped) return;
    stopped = true;
    leave();
    tab.stop();
  };
  setLiveState("connecting");
  const tab = followInThisTab(queryClient, stop);

  /** The tab holding the stream tells the others first: applying `signed-out` here ends the relay. */
  const holdStream = (relay: (message: LiveMessage) => void) =>
    openServerStream(tab.resumeFrom(), (message) => {
      relay(message);
      tab.apply(message);
    });

  if (canShareStream()) {
    leave = joinTabElection(sharedStreamName(memberKey), { lead: holdStream, follow: tab.apply });
  } else {
    leave = holdStream(() => {}).close;
  }

  const stopListening = onSignOutElsewhere(() => {
    stop();
    leaveForSignIn();
  });
  return () => {
    stopListening();
    stop();
    // Nothing follows the stream any more: neither live nor paused.
    setLiveState("connecting");
  };
}

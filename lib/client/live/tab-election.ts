/**
 * One live stream per browser, not per tab: the tabs of one member elect a leader with a Web Lock
 * held for the leader's life (the browser hands it to a waiting tab when the leader closes, navigates
 * away or crashes), and the leader relays the stream's messages to the others on a BroadcastChannel.
 * A tab that starts following asks for the stream's state, and the leader answers with it.
 */
import type { AskMessage, LiveMessage } from "./live-messages";

/** What leading means for a tab: it opens the stream, and relays each message through `relay`. */
export interface Leadership {
  /** The stream's state as a message, for a tab that asks; null while connecting. */
  state: () => LiveMessage | null;
  close: () => void;
}

export interface TabElection {
  /** Called when this tab becomes the leader. */
  lead: (relay: (message: LiveMessage) => void) => Leadership;
  /** Called for each message the leader relays while this tab follows. */
  follow: (message: LiveMessage) => void;
}

/** Locks and channels are missing in older browsers (and locks outside secure contexts). */
export function canShareStream(): boolean {
  return typeof BroadcastChannel !== "undefined" && typeof navigator !== "undefined" && "locks" in navigator;
}

/** Takes part in the election under `name` until the returned function is called. */
export function joinTabElection(name: string, election: TabElection): () => void {
  const channel = new BroadcastChannel(name);
  const stopWaiting = new AbortController();
  let leadership: Leadership | null = null;
  let stepDown: (() => void) | undefined;

  const relay = (message: LiveMessage | AskMessage) => channel.postMessage(message);

  channel.onmessage = ({ data }: MessageEvent<LiveMessage | AskMessage>) => {
    if (data.type === "ask") {
      const state = leadership?.state();
      if (state) relay(state);
    } else if (!leadership) {
      election.follow(data);
    }
  };

  navigator.locks
    .request(name, { signal: stopWaiting.signal }, () => {
      leadership = election.lead(relay);
      // Held until this tab leaves the election (or the page goes away, which releases it too).
      return new Promise<void>((resolve) => (stepDown = resolve));
    })
    // Aborted while waiting: this tab left before it came to lead.
    .catch(() => {});
  relay({ type: "ask" });

  return () => {
    stopWaiting.abort();
    leadership?.close();
    leadership = null;
    stepDown?.();
    channel.close();
  };
}

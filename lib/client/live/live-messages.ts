/**
 * What a browser's live stream says to each of its tabs. The tab that holds the stream (the leader,
 * tab-election.ts) turns what the server sends into these messages, applies each to its own query
 * cache and relays it to the browser's other tabs, which apply it the same way (tab-updates.ts).
 */
import type { LiveEvent } from "@/lib/contract";

export type LiveMessage =
  /** The stream said hello (at the server's time): live from here on. */
  | { type: "live"; at: string; lastEventId: string | null }
  /** The stream cannot be opened or went silent: each tab re-reads what it shows meanwhile. */
  | { type: "paused" }
  /** A batch of events, in order; `lastEventId` is the last one's id. */
  | { type: "events"; events: LiveEvent[]; lastEventId: string | null }
  /** The server no longer holds what was missed: each tab catches up with one read. */
  | { type: "resync"; lastEventId: string | null }
  /** The session ended: every tab leaves for sign-in. */
  | { type: "signed-out" };

/** A tab that starts following asks the leader for the stream's state (it answers with `live` or `paused`). */
export interface AskMessage {
  type: "ask";
}

/**
 * The BroadcastChannel and Web Lock a member's tabs share the stream on. The member is in the name:
 * a stream carries that member's own events (favourites, notices), so tabs signed in as someone else
 * never hear it. The version changes with the messages' shape, so a tab of an older deploy never
 * reads a newer one's messages (it keeps its own stream instead).
 */
export function sharedStreamName(memberKey: string): string {
  return `render-dashboard-live-v1:${memberKey}`;
}

/**
 * Where a tab would resume the stream from if it became the leader: the last event id it has
 * heard. A message without an id (paused, signed-out) leaves it as it was.
 */
export function resumePoint(current: string | null, message: LiveMessage): string | null {
  return "lastEventId" in message && message.lastEventId !== null ? message.lastEventId : current;
}

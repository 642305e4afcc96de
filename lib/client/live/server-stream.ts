/**
 * The browser's one connection to the live event stream (`GET /api/events`), held by one tab, told
 * as messages for every tab (live-messages.ts).
 *
 * - Nothing is missed across a drop: the browser reconnects with `Last-Event-ID` and the server
 *   replays what was missed; past its buffer it says `resync`. A tab that takes the stream over
 *   opens it from the last id it heard, so the same holds across a change of tab.
 * - A stream that cannot be opened or stays silent (a proxy that strips or buffers it) is `paused`,
 *   and tried again, less and less often.
 * - A stream refused for want of a session, or told the session ended, says `signed-out`.
 */
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { loadContract } from "@/lib/client/contract-loader";
import type { LiveEvent } from "@/lib/contract";
import type { LiveMessage } from "./live-messages";

/** A stream that has not said hello this long after opening (or dropping) counts as paused. */
const HELLO_TIMEOUT_MS = 10_000;
/** Longest silence allowed between the server's 15 s pings. */
const SILENCE_MS = 40_000;
/** Waits before opening a refused or closed stream again. */
const REOPEN_DELAYS_MS = [5_000, 15_000, 30_000, 60_000];
/** Events arriving this close together are applied together (a batch's renders, a replay). */
const BATCH_MS = 50;

export interface ServerStream {
  /** The stream's state as a message (`live` or `paused`), for a tab that starts following; null while connecting. */
  state: () => LiveMessage | null;
  close: () => void;
}

/** Opens the stream from `resumeFrom` (the last event id heard, or null for a fresh page). */
export function openServerStream(
  resumeFrom: string | null,
  emit: (message: LiveMessage) => void,
): ServerStream {
  let source: EventSource | null = null;
  let lastEventId = resumeFrom;
  let state: LiveMessage | null = null;
  let reopenAttempt = 0;
  let closed = false;
  let helloTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let queued: LiveEvent[] = [];
  let queuedUpTo: string | null = null;

  const setState = (message: LiveMessage) => {
    if (message.type === "paused" && state?.type === "paused") return;
    state = message;
    emit(message);
  };

  /** Pauses unless a hello comes within HELLO_TIMEOUT_MS; a retry while waiting does not restart the wait. */
  const awaitHello = () => {
    helloTimer ??= setTimeout(() => {
      helloTimer = undefined;
      setState({ type: "paused" });
    }, HELLO_TIMEOUT_MS);
  };
  const greetedNow = () => {
    clearTimeout(helloTimer);
    helloTimer = undefined;
  };

  /**
   * The server sends a ping every 15 s: a stream silent for longer than SILENCE_MS is a connection
   * that died without closing (a sleeping laptop, a dropped NAT entry), reopened from the last id.
   */
  const expectPing = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => {
      source?.close();
      awaitHello();
      open();
    }, SILENCE_MS);
  };

  const flush = () => {
    flushTimer = undefined;
    const events = queued;
    queued = [];
    emit({ type: "events", events, lastEventId: queuedUpTo });
  };

  const enqueue = (event: LiveEvent, id: string | null) => {
    queued.push(event);
    if (id) queuedUpTo = id;
    flushTimer ??= setTimeout(flush, BATCH_MS);
  };

  /** Events queued for the next batch go out before anything else, so every tab hears them in order. */
  const flushNow = () => {
    if (flushTimer === undefined) return;
    clearTimeout(flushTimer);
    flush();
  };
  const emitInOrder = (message: LiveMessage) => {
    flushNow();
    emit(message);
  };

  const handle = (event: LiveEvent, id: string | null) => {
    switch (event.type) {
      case "hello":
        greetedNow();
        reopenAttempt = 0;
        flushNow();
        return setState({ type: "live", at: event.at, lastEventId: id });
      case "resync":
        return emitInOrder({ type: "resync", lastEventId: id });
      case "signed-out":
        close();
        return emitInOrder({ type: "signed-out" });
      case "ping":
        return;
      default:
        return enqueue(event, id);
    }
  };

  const receive = async (data: string, id: string | null) => {
    let parsed: LiveEvent | undefined;
    try {
      const c = await loadContract();
      const result = c.safeParseWith(c.liveEventSchema, JSON.parse(data));
      // An event this page does not know (a newer server) is skipped, not fatal.
      if (result.success) parsed = result.data;
    } catch {
      // Unreadable data, or the schemas could not load: the next hello or fallback read recovers.
    }
    if (parsed && !closed) handle(parsed, id);
  };

  const open = () => {
    source = new EventSource(`/api/events${toSearchParams({ lastEventId: lastEventId ?? undefined })}`);
    awaitHello();
    source.onmessage = (message: MessageEvent<string>) => {
      expectPing();
      const id = message.lastEventId || null;
      if (id) lastEventId = id;
      void receive(message.data, id);
    };
    source.onerror = () => {
      if (source?.readyState === EventSource.CLOSED) void refused();
      // Otherwise the browser is reconnecting by itself (sending Last-Event-ID); pause if it takes long.
      else awaitHello();
    };
  };

  /** The server answered with an error (or not an event stream): signed out, or try again later. */
  const refused = async () => {
    source?.close();
    source = null;
    greetedNow();
    clearTimeout(silenceTimer);
    setState({ type: "paused" });
    try {
      const session = await apiFetch("/api/auth/session", (c) => c.sessionInfoSchema);
      if (session.authEnabled && session.member === null) {
        close();
        return emit({ type: "signed-out" });
      }
    } catch {
      // The dashboard itself is unreachable: keep trying below.
    }
    if (closed) return;
    const delay = REOPEN_DELAYS_MS[Math.min(reopenAttempt++, REOPEN_DELAYS_MS.length - 1)];
    reopenTimer = setTimeout(open, delay);
  };

  const close = () => {
    closed = true;
    source?.close();
    source = null;
    clearTimeout(helloTimer);
    clearTimeout(reopenTimer);
    clearTimeout(flushTimer);
    clearTimeout(silenceTimer);
  };

  open();
  return { state: () => state, close };
}

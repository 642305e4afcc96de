/**
 * This tab's one live event stream (`GET /api/events`), shared by every component through the query
 * cache: events update the cached renders, lists and balances in place, so nothing polls.
 *
 * - Nothing is missed across a drop: the browser reconnects with `Last-Event-ID` and the server
 *   replays what the tab missed; past its buffer it says `resync`, and the tab catches up with one
 *   `updatedSince` read of the renders and a re-read of the rest.
 * - A stream that cannot be opened or stays silent (a proxy that strips or buffers it) pauses live
 *   updates: what the page shows is re-read from the dashboard every 10 s (never from the Render
 *   Service; in a hidden tab too, so a render finishing there still shows in the title), and the
 *   stream is tried again, less and less often.
 * - A stream refused for want of a session, or told the session ended, sends the page to sign-in;
 *   so does a sign-out in another tab of the browser.
 */
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { loadContract } from "@/lib/client/contract-loader";
import { queryKeys } from "@/lib/client/queries/keys";
import { runKeys } from "@/lib/client/queries/run-keys";
import { rendersOf } from "@/lib/client/queries/renders";
import type { LiveEvent, RenderList } from "@/lib/contract";
import { signInPath } from "@/lib/domain/next-path";
import { MAX_PAGE_SIZE } from "@/lib/domain/statuses";
import { applyLiveEvents } from "./apply-events";
import { FALLBACK_REFETCH_MS, setLiveState, type LiveState } from "./live-state";
import { isSigningOut, onSignOutElsewhere } from "./session-channel";

/**
 * A change made in this tab (a star, an archive) is put into the cache as the stream's own event
 * would be. Callers load it from here rather than from apply-events: this module is already loaded
 * by then, and one entry point keeps the bundler from splitting the shared query code out of the
 * first load into a chunk of its own.
 */
export { applyLiveEvents };

/** A stream that has not said hello this long after opening (or dropping) counts as paused. */
const HELLO_TIMEOUT_MS = 10_000;
/** Longest silence allowed between the server's 15 s pings. */
const SILENCE_MS = 40_000;
/** Waits before opening a refused or closed stream again. */
const REOPEN_DELAYS_MS = [5_000, 15_000, 30_000, 60_000];
/** Events arriving this close together are applied together (a batch's renders, a replay). */
const BATCH_MS = 50;
/**
 * A catch-up re-reads renders changed this long before the newest change the tab saw: a write's
 * timestamp is taken just before it commits, so a slightly older one can commit later.
 */
const CATCH_UP_MARGIN_MS = 30_000;

/** The session is gone: a full load of sign-in (nothing the member saw stays in this tab's memory). */
function leaveForSignIn(): void {
  window.location.assign(signInPath(window.location.pathname + window.location.search));
}

export function startLiveUpdates(queryClient: QueryClient): () => void {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  /** The newest server time the tab has seen (a hello, a render's updatedAt): the catch-up cursor. */
  let serverClock: string | null = null;
  let greeted = false;
  let reopenAttempt = 0;
  let stopped = false;
  let helloTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let fallbackTimer: ReturnType<typeof setInterval> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let queued: LiveEvent[] = [];

  const noteClock = (at: string) => {
    if (serverClock === null || at > serverClock) serverClock = at;
  };

  /** The tab's live state, and the fallback re-reads that run exactly while it is paused. */
  const setState = (state: LiveState) => {
    setLiveState(state);
    if (state !== "paused") {
      clearInterval(fallbackTimer);
      fallbackTimer = undefined;
    } else {
      fallbackTimer ??= setInterval(() => rereadShown(queryClient), FALLBACK_REFETCH_MS);
    }
  };

  /** Pauses unless a hello comes within HELLO_TIMEOUT_MS; a retry while waiting does not restart the wait. */
  const awaitHello = () => {
    helloTimer ??= setTimeout(() => {
      helloTimer = undefined;
      setState("paused");
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
    applyLiveEvents(queryClient, events);
  };

  const enqueue = (event: LiveEvent) => {
    queued.push(event);
    flushTimer ??= setTimeout(flush, BATCH_MS);
  };

  const handle = (event: LiveEvent) => {
    switch (event.type) {
      case "hello":
        greetedNow();
        reopenAttempt = 0;
        noteClock(event.at);
        setState("live");
        // What the page read before its first stream opened may predate it: read it once more.
        if (!greeted) refreshAll(queryClient);
        greeted = true;
        return;
      case "resync":
        void catchUp(queryClient, serverClock);
        return;
      case "signed-out":
        stop();
        if (!isSigningOut()) leaveForSignIn();
        return;
      case "ping":
        return;
      case "render":
        noteClock(event.render.updatedAt);
        return enqueue(event);
      default:
        return enqueue(event);
    }
  };

  const receive = async (data: string) => {
    let parsed: LiveEvent | undefined;
    try {
      const c = await loadContract();
      const result = c.safeParseWith(c.liveEventSchema, JSON.parse(data));
      // An event this page does not know (a newer server) is skipped, not fatal.
      if (result.success) parsed = result.data;
    } catch {
      // Unreadable data, or the schemas could not load: the next hello or fallback read recovers.
    }
    if (parsed && !stopped) handle(parsed);
  };

  const open = () => {
    source = new EventSource(`/api/events${toSearchParams({ lastEventId: lastEventId ?? undefined })}`);
    awaitHello();
    source.onmessage = (message: MessageEvent<string>) => {
      expectPing();
      if (message.lastEventId) lastEventId = message.lastEventId;
      void receive(message.data);
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
    setState("paused");
    try {
      const session = await apiFetch("/api/auth/session", (c) => c.sessionInfoSchema);
      if (session.authEnabled && session.member === null) {
        stop();
        return leaveForSignIn();
      }
    } catch {
      // The dashboard itself is unreachable: keep trying below.
    }
    if (stopped) return;
    const delay = REOPEN_DELAYS_MS[Math.min(reopenAttempt++, REOPEN_DELAYS_MS.length - 1)];
    reopenTimer = setTimeout(open, delay);
  };

  const stop = () => {
    stopped = true;
    source?.close();
    source = null;
    clearTimeout(helloTimer);
    clearTimeout(reopenTimer);
    clearTimeout(flushTimer);
    clearTimeout(silenceTimer);
    clearInterval(fallbackTimer);
  };

  const stopListening = onSignOutElsewhere(() => {
    stop();
    leaveForSignIn();
  });
  setState("connecting");
  open();
  return () => {
    stopListening();
    stop();
    // Nothing follows the stream any more: neither live nor paused.
    setLiveState("connecting");
  };
}

/** What live events keep current: renders, uploads, batch runs, the balance, spend and the team. */
const LIVE_KEYS = [
  queryKeys.renders.all,
  runKeys.list(),
  runKeys.details(),
  queryKeys.uploads.all,
  queryKeys.account,
  queryKeys.session,
  queryKeys.members,
  queryKeys.team,
];

function refreshAll(queryClient: QueryClient): void {
  for (const queryKey of LIVE_KEYS) void queryClient.invalidateQueries({ queryKey });
}

/** The fallback while paused: what the page shows now is read again (a list re-reads each loaded page). */
function rereadShown(queryClient: QueryClient): void {
  for (const queryKey of LIVE_KEYS) void queryClient.refetchQueries({ queryKey, type: "active" });
}

/**
 * After a gap longer than the server's replay buffer: one read of the renders changed since the
 * newest change the tab saw, applied like live events; everything else is re-read. Renders removed
 * meanwhile (a create's placeholder) are not in that read, so lists still holding a placeholder are
 * re-read too. With no cursor, or more changes than one page holds, every list is simply re-read.
 */
async function catchUp(queryClient: QueryClient, serverClock: string | null): Promise<void> {
  for (const queryKey of LIVE_KEYS) {
    if (queryKey !== queryKeys.renders.all) void queryClient.invalidateQueries({ queryKey });
  }
  if (serverClock === null) return void queryClient.invalidateQueries({ queryKey: queryKeys.renders.all });
  const since = new Date(Date.parse(serverClock) - CATCH_UP_MARGIN_MS).toISOString();
  try {
    const page = await apiFetch(
      `/api/renders${toSearchParams({ updatedSince: since, limit: MAX_PAGE_SIZE })}`,
      (c) => c.renderListSchema,
    );
    if (page.nextCursor) return void queryClient.invalidateQueries({ queryKey: queryKeys.renders.all });
    applyLiveEvents(
      queryClient,
      page.items.map((render) => ({ type: "render", render })),
    );
    void queryClient.invalidateQueries({
      queryKey: queryKeys.renders.lists(),
      predicate: (query) =>
        rendersOf(query.state.data as InfiniteData<RenderList> | undefined).some(
          (render) => render.status === "submitting",
        ),
    });
  } catch {
    void queryClient.invalidateQueries({ queryKey: queryKeys.renders.all });
  }
}

/**
 * What the live stream's messages do to one tab: events update its cached renders, lists and
 * balances in place; a pause starts its 10 s re-reads of what it shows; a resync catches it up; the
 * end of the session sends it to sign-in. The tab that holds the stream and the tabs it relays to
 * apply every message here, the same way.
 */
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { queryKeys } from "@/lib/client/queries/keys";
import { rendersOf } from "@/lib/client/queries/renders";
import type { LiveEvent, RenderList } from "@/lib/contract";
import { signInPath } from "@/lib/domain/next-path";
import { MAX_PAGE_SIZE } from "@/lib/domain/statuses";
import { applyLiveEvents, LIVE_KEYS } from "./apply-events";
import { FALLBACK_REFETCH_MS, setLiveState, type LiveState } from "./live-state";
import { resumePoint, type LiveMessage } from "./live-messages";
import { tellLiveRenders } from "./render-events";
import { isSigningOut } from "./session-channel";

/**
 * A catch-up re-reads renders changed this long before the newest change the tab saw: a write's
 * timestamp is taken just before it commits, so a slightly older one can commit later.
 */
const CATCH_UP_MARGIN_MS = 30_000;

/** The session is gone: a full load of sign-in (nothing the member saw stays in this tab's memory). */
export function leaveForSignIn(): void {
  window.location.assign(signInPath(window.location.pathname + window.location.search));
}

export interface TabUpdates {
  apply: (message: LiveMessage) => void;
  /** The last event id this tab heard: where it resumes the stream if it comes to hold it. */
  resumeFrom: () => string | null;
  stop: () => void;
}

/** `onSignedOut` ends the tab's part in the stream before the tab leaves for sign-in. */
export function followInThisTab(queryClient: QueryClient, onSignedOut: () => void): TabUpdates {
  let lastEventId: string | null = null;
  /** The newest server time the tab has seen (a hello, a render's updatedAt): the catch-up cursor. */
  let serverClock: string | null = null;
  let greeted = false;
  let fallbackTimer: ReturnType<typeof setInterval> | undefined;

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

  const stop = () => clearInterval(fallbackTimer);

  const apply = (message: LiveMessage) => {
    lastEventId = resumePoint(lastEventId, message);
    switch (message.type) {
      case "live":
        noteClock(message.at);
        setState("live");
        // What the page read before it first heard the stream may predate it: read it once more.
        if (!greeted) refreshAll(queryClient);
        greeted = true;
        return;
      case "paused":
        return setState("paused");
      case "events": {
        const renders = message.events.flatMap((event) => (event.type === "render" ? [event.render] : []));
        for (const render of renders) noteClock(render.updatedAt);
        tellLiveRenders(renders);
        return applyLiveEvents(queryClient, message.events);
      }
      case "resync":
        return void catchUp(queryClient, serverClock);
      case "signed-out":
        stop();
        onSignedOut();
        if (!isSigningOut()) leaveForSignIn();
        return;
    }
  };

  return { apply, resumeFrom: () => lastEventId, stop };
}

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
      page.items.map((render): LiveEvent => ({ type: "render", render })),
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

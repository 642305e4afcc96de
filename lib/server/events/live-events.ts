import "server-only";
/**
 * The process's live event hub (a process singleton: one reader of the change log serves every
 * stream) and the stream a page opens on it.
 */
import type { EventsQuery, Member } from "@/lib/contract";
import { invalidateAccount } from "@/lib/server/account/cached-account";
import { getDb } from "@/lib/server/db/database";
import { viewerAudiences } from "@/lib/server/ledger/notices";
import { noticeViewer } from "@/lib/server/notices/spend-notices";
import { startedSingleton, stopStartedSingleton } from "@/lib/server/runtime/process-singleton";
import { stillActsAs } from "@/lib/server/access/caller";
import { EventHub } from "./hub";
import { eventStreamResponse } from "./stream";

export { EventHub } from "./hub";

const HUB = "live-event-hub";

export function getEventHub(): Promise<EventHub> {
  return startedSingleton(HUB, async () => {
    const hub = new EventHub(await getDb(), undefined, invalidateAccount);
    await hub.start();
    return hub;
  });
}

/** Ends every open stream and stops following the change log (shutdown, tests). */
export function stopEventHub(): Promise<void> {
  return stopStartedSingleton<EventHub>(HUB, (hub) => hub.stop());
}

/**
 * A page's live event stream. Every member sees the whole team's renders and uploads, so the stream
 * carries everything but other members' favourites and the notices the member may not read; spend and team changes are only nudges, read again through routes that check
 * who may see what. With sign-in on, a stream whose session ends (or whose API token is revoked or
 * expires) is told so and closed.
 */
export async function openLiveEvents(request: Request, member: Member | null, query: EventsQuery) {
  const header = request.headers.get("last-event-id");
  const lastSeen = /^\d{1,15}$/.test(header ?? "") ? Number(header) : lastEventIdOf(query);
  return eventStreamResponse({
    hub: await getEventHub(),
    lastSeen,
    audiences: viewerAudiences(noticeViewer(member)),
    signal: request.signal,
    stillSignedIn: async () => member === null || (await stillActsAs(request, member)),
  });
}

const lastEventIdOf = (query: EventsQuery) => (query.lastEventId ? Number(query.lastEventId) : null);

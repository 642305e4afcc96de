import { eventsQuerySchema } from "@/lib/contract";
import { openLiveEvents } from "@/lib/server/events";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: eventsQuerySchema }, async ({ request, member, query }) =>
  openLiveEvents(request, member, query),
);

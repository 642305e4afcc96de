import { openLiveEvents } from "@/lib/server/events/live-events";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/events"], async ({ request, member, query }) =>
  openLiveEvents(request, member, query),
);

import { ownSessions } from "@/lib/server/access/own-sessions";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/auth/sessions"], async ({ request }) =>
  ownSessions(request),
);

import { listInbox } from "@/lib/server/review/inbox";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/inbox"], async ({ query, member }) =>
  listInbox(query, member),
);

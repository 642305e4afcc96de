import { markInboxRead } from "@/lib/server/review/inbox";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/inbox/read"], async ({ body, member }) =>
  markInboxRead(body, member),
);

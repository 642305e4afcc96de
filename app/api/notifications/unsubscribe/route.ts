import { unsubscribe } from "@/lib/server/outbox/unsubscribe";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/notifications/unsubscribe"], async ({ body }) =>
  unsubscribe(body.token),
);

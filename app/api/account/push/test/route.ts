import { sendTestPush } from "@/lib/server/outbox/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/account/push/test"], async ({ member }) =>
  sendTestPush(member),
);

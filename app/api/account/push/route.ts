import { subscribeYourDevice, yourPushDevices } from "@/lib/server/outbox/push-devices";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/account/push"], async ({ member }) =>
  yourPushDevices(member),
);

export const POST = apiRoute(API_ROUTES["POST /api/account/push"], async ({ member, body }) =>
  subscribeYourDevice(member, body),
);

import { saveYourNotificationChoices, yourNotificationChoices } from "@/lib/server/outbox/choices";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/account/notifications"], async ({ member }) =>
  yourNotificationChoices(member),
);

export const PUT = apiRoute(API_ROUTES["PUT /api/account/notifications"], async ({ member, body }) =>
  saveYourNotificationChoices(member, body),
);

import { removeYourDevice } from "@/lib/server/outbox/push-devices";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute(
  API_ROUTES["DELETE /api/account/push/{id}"],
  async ({ member, params: { id } }) => removeYourDevice(member, id),
);

import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { revokeShare } from "@/lib/server/shares/service";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute(API_ROUTES["DELETE /api/shares/{id}"], async ({ params: { id }, member }) => {
  await revokeShare(id, member);
  return json({ revoked: true });
});

import { revokeShare } from "@/lib/server/shares/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute(API_ROUTES["DELETE /api/shares/{id}"], async ({ params: { id }, member }) => {
  await revokeShare(id, member);
  return { revoked: true } as const;
});

import { revokeShare } from "@/lib/server/shares/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute(API_ROUTES["DELETE /api/shares/{id}"], async ({ params: { id }, actor }) => {
  await revokeShare(id, actor);
  return { revoked: true } as const;
});

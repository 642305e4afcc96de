import { revokeApiTokenAs } from "@/lib/server/tokens/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute(API_ROUTES["DELETE /api/tokens/{id}"], async ({ params: { id }, actor }) => {
  await revokeApiTokenAs(id, actor);
  return { revoked: true } as const;
});

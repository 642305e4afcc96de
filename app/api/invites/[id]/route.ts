import { revokeInviteAs } from "@/lib/server/team/invites";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute(API_ROUTES["DELETE /api/invites/{id}"], async ({ params: { id }, actor }) => {
  await revokeInviteAs(id, actor);
  return { revoked: true } as const;
});

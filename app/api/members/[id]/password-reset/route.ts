import { createPasswordReset } from "@/lib/server/team/password-resets";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  API_ROUTES["POST /api/members/{id}/password-reset"],
  async ({ params: { id }, actor }) => createPasswordReset(id, actor),
);

import { signOutSession } from "@/lib/server/access/own-sessions";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute(
  API_ROUTES["DELETE /api/auth/sessions/{id}"],
  async ({ request, params: { id } }) => signOutSession(request, id),
);

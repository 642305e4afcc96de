import { favourite } from "@/lib/server/renders/organize";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/** Stars the render for the caller (with sign-in off, for the team's one set). */
export const PUT = apiRoute(
  API_ROUTES["PUT /api/renders/{id}/favourite"],
  async ({ params: { id }, member }) => favourite(id, member, true),
);

export const DELETE = apiRoute(
  API_ROUTES["DELETE /api/renders/{id}/favourite"],
  async ({ params: { id }, member }) => favourite(id, member, false),
);

import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { favourite } from "@/lib/server/renders/organize";

export const dynamic = "force-dynamic";

/** Stars the render for the caller (with sign-in off, for the team's one set). */
export const PUT = apiRoute(
  API_ROUTES["PUT /api/renders/{id}/favourite"],
  async ({ params: { id }, member }) => json(await favourite(id, member, true)),
);

export const DELETE = apiRoute(
  API_ROUTES["DELETE /api/renders/{id}/favourite"],
  async ({ params: { id }, member }) => json(await favourite(id, member, false)),
);

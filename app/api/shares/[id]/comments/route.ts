import { createGuestComment, listGuestComments } from "@/lib/server/review/guests";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/** A guest's: `id` is the link's token. */
export const GET = apiRoute(API_ROUTES["GET /api/shares/{id}/comments"], async ({ params: { id }, query }) =>
  listGuestComments(id, query.render),
);

export const POST = apiRoute(
  API_ROUTES["POST /api/shares/{id}/comments"],
  async ({ params: { id }, body, actor }) => createGuestComment(id, body, actor.address),
);

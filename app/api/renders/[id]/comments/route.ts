import { createComment, listComments } from "@/lib/server/review/comments";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/renders/{id}/comments"], async ({ params: { id } }) =>
  listComments(id),
);

export const POST = apiRoute(
  API_ROUTES["POST /api/renders/{id}/comments"],
  async ({ params: { id }, body, member }) => createComment(id, body, member),
);

import { deleteComment, editComment } from "@/lib/server/review/comments";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const PATCH = apiRoute(
  API_ROUTES["PATCH /api/comments/{id}"],
  async ({ params: { id }, body, member }) => editComment(id, body.text, member),
);

export const DELETE = apiRoute(API_ROUTES["DELETE /api/comments/{id}"], async ({ params: { id }, actor }) => {
  await deleteComment(id, actor);
  return { deleted: true } as const;
});

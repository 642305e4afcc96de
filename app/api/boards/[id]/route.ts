import { deleteBoard, getBoard, updateBoard } from "@/lib/server/boards/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/boards/{id}"], async ({ params: { id } }) => getBoard(id));

export const PATCH = apiRoute(
  API_ROUTES["PATCH /api/boards/{id}"],
  async ({ params: { id }, body, member }) => updateBoard(id, body, member),
);

export const DELETE = apiRoute(API_ROUTES["DELETE /api/boards/{id}"], async ({ params: { id }, actor }) => {
  await deleteBoard(id, actor);
  return { deleted: true } as const;
});

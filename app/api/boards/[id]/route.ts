import { boardIdParamsSchema, boardUpdateSchema } from "@/lib/contract";
import { deleteBoard, getBoard, updateBoard } from "@/lib/server/boards";
import { apiRoute, json } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: boardIdParamsSchema }, async ({ params: { id } }) =>
  json(await getBoard(id)),
);

export const PATCH = apiRoute(
  { params: boardIdParamsSchema, body: boardUpdateSchema },
  async ({ params: { id }, body, member }) => json(await updateBoard(id, body, member)),
);

export const DELETE = apiRoute({ params: boardIdParamsSchema }, async ({ params: { id }, member }) => {
  await deleteBoard(id, member);
  return json({ deleted: true });
});

import { boardIdParamsSchema, boardRendersRequestSchema } from "@/lib/contract";
import { setBoardRenders } from "@/lib/server/boards";
import { apiRoute, json } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { params: boardIdParamsSchema, body: boardRendersRequestSchema },
  async ({ params: { id }, body, member }) => json(await setBoardRenders(id, body, member)),
);

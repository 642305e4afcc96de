import { createBoard, listBoards } from "@/lib/server/boards/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/boards"], async ({ query }) => ({
  items: await listBoards(query.render),
}));

export const POST = apiRoute(API_ROUTES["POST /api/boards"], async ({ body, member }) =>
  createBoard(body, member),
);

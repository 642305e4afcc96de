import { createBoard } from "@/lib/server/boards/service";
import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { listBoards } from "@/lib/server/ledger/boards";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/boards"], async ({ query }) =>
  json({ items: await listBoards(await getDb(), query.render) }),
);

export const POST = apiRoute(API_ROUTES["POST /api/boards"], async ({ body, member }) =>
  json(await createBoard(body, member), 201),
);

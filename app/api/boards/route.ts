import { boardCreateSchema, boardListQuerySchema } from "@/lib/contract";
import { createBoard } from "@/lib/server/boards";
import { getDb } from "@/lib/server/db";
import { apiRoute, json } from "@/lib/server/http/route";
import { listBoards } from "@/lib/server/ledger/boards";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: boardListQuerySchema }, async ({ query }) =>
  json({ items: await listBoards(await getDb(), query.render) }),
);

export const POST = apiRoute({ body: boardCreateSchema }, async ({ body, member }) =>
  json(await createBoard(body, member), 201),
);

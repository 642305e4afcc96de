import { renderListQuerySchema, renderRequestSchema } from "@/lib/contract";
import { getDb } from "@/lib/server/db";
import { apiRoute, json } from "@/lib/server/http/route";
import { listRenders } from "@/lib/server/ledger/renders";
import { createRender } from "@/lib/server/renders/create";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ body: renderRequestSchema }, async ({ request, body, member }) =>
  json(await createRender(body, request.headers.get("idempotency-key"), member), 202),
);

export const GET = apiRoute({ query: renderListQuerySchema }, async ({ query }) =>
  json(await listRenders(await getDb(), query)),
);

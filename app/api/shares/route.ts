import { shareCreateSchema, shareListQuerySchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { createShare, listSharesFor } from "@/lib/server/shares";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: shareListQuerySchema }, async ({ query, member }) =>
  json({ items: await listSharesFor(member, { renderId: query.render, boardId: query.board }) }),
);

export const POST = apiRoute({ body: shareCreateSchema }, async ({ body, member }) =>
  json(await createShare(body, member), 201),
);

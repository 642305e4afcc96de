import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { createShare, listSharesFor } from "@/lib/server/shares/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/shares"], async ({ query, member }) =>
  json({ items: await listSharesFor(member, { renderId: query.render, boardId: query.board }) }),
);

export const POST = apiRoute(API_ROUTES["POST /api/shares"], async ({ body, member }) =>
  json(await createShare(body, member), 201),
);

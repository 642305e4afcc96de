import { createShare, listSharesFor } from "@/lib/server/shares/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/shares"], async ({ query, member }) => ({
  items: await listSharesFor(member, { renderId: query.render, boardId: query.board }),
}));

export const POST = apiRoute(API_ROUTES["POST /api/shares"], async ({ body, actor }) =>
  createShare(body, actor),
);

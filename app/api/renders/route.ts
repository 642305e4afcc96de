import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";
import { createRender } from "@/lib/server/renders/create";
import { listRendersFor } from "@/lib/server/renders/organize";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/renders"], async ({ body, headers, member }) =>
  createRender(body, headers["Idempotency-Key"] ?? null, member),
);

export const GET = apiRoute(API_ROUTES["GET /api/renders"], async ({ query, member }) =>
  listRendersFor(query, member),
);

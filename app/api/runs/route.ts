import { createRun, listRuns } from "@/lib/server/runs/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/runs"], async () => ({ items: await listRuns() }));

export const POST = apiRoute(API_ROUTES["POST /api/runs"], async ({ body, member }) =>
  createRun(body, member),
);

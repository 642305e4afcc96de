import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { estimateRun } from "@/lib/server/runs/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/runs/estimate"], async ({ body }) =>
  json(await estimateRun(body)),
);

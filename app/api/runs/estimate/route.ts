import { estimateRun } from "@/lib/server/runs/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/runs/estimate"], async ({ body, member }) =>
  estimateRun(body, member),
);

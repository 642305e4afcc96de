import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { cancelRun } from "@/lib/server/runs/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/runs/{id}/cancel"], async ({ params: { id }, member }) =>
  json(await cancelRun(id, member)),
);

import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { getRun } from "@/lib/server/runs/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/runs/{id}"], async ({ params: { id } }) =>
  json(await getRun(id)),
);

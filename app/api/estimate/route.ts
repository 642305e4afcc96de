import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { estimateCost } from "@/lib/server/rates/pricing";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/estimate"], async ({ query }) =>
  json(await estimateCost(query)),
);

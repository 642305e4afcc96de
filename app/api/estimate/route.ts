import { estimateCost } from "@/lib/server/rates/pricing";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/estimate"], async ({ query }) => estimateCost(query));

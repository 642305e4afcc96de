import { overrideRate, rateCard } from "@/lib/server/rates/pricing";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/rates"], async () => rateCard());

export const POST = apiRoute(API_ROUTES["POST /api/rates"], async ({ body, actor }) =>
  overrideRate(body.key, body.creditsPerUnit, actor),
);

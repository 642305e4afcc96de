import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { overrideRate, rateCard } from "@/lib/server/rates/pricing";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/rates"], async () => json(await rateCard()));

export const POST = apiRoute(API_ROUTES["POST /api/rates"], async ({ body, member }) =>
  json(await overrideRate(body.key, body.creditsPerUnit, member && { id: member.id, name: member.name })),
);

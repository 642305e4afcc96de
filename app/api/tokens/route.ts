import { createApiToken, listApiTokensFor } from "@/lib/server/tokens/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/tokens"], async ({ member }) => ({
  items: await listApiTokensFor(member),
}));

export const POST = apiRoute(API_ROUTES["POST /api/tokens"], async ({ body, actor }) =>
  createApiToken(body, actor),
);

import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { createApiToken, listApiTokensFor } from "@/lib/server/access/api-tokens";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/tokens"], async ({ member }) =>
  json({ items: await listApiTokensFor(member) }),
);

export const POST = apiRoute(API_ROUTES["POST /api/tokens"], async ({ body, member }) =>
  json(await createApiToken(body, member), 201),
);

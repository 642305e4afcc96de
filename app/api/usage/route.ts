import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { usageFor } from "@/lib/server/usage/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/usage"], async ({ query, member }) =>
  json(await usageFor(query, member)),
);

import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { notices } from "@/lib/server/notices/spend-notices";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/notices"], async ({ member }) =>
  json(await notices(member)),
);

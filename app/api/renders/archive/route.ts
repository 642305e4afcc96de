import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { archive } from "@/lib/server/renders/organize";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/renders/archive"], async ({ body, member }) =>
  json(await archive(body, member)),
);

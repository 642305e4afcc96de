import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { openRender } from "@/lib/server/renders/watch";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/renders/{id}"], async ({ params: { id }, member }) =>
  json(await openRender(id, member)),
);

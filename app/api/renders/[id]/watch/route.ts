import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { watchRender } from "@/lib/server/renders/watch";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/renders/{id}/watch"], async ({ params: { id } }) =>
  json(await watchRender(id)),
);

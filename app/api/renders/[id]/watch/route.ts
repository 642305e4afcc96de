import { watchRender } from "@/lib/server/renders/watch";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/renders/{id}/watch"], async ({ params: { id } }) =>
  watchRender(id),
);

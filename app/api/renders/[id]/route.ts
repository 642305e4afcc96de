import { openRender } from "@/lib/server/renders/watch";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/renders/{id}"], async ({ params: { id }, member }) =>
  openRender(id, member),
);

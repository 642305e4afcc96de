import { renderFamily } from "@/lib/server/references/family";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/renders/{id}/family"], async ({ params: { id } }) =>
  renderFamily(id),
);

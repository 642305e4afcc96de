import { downloadRender } from "@/lib/server/downloads/file";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/renders/{id}/file"], async ({ request, params: { id } }) =>
  downloadRender(id, request.signal),
);

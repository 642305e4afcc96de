import { setBoardRenders } from "@/lib/server/boards/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  API_ROUTES["POST /api/boards/{id}/renders"],
  async ({ params: { id }, body, member }) => setBoardRenders(id, body, member),
);

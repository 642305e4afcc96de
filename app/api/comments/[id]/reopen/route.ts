import { setResolved } from "@/lib/server/review/comments";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  API_ROUTES["POST /api/comments/{id}/reopen"],
  async ({ params: { id }, member }) => setResolved(id, false, member),
);

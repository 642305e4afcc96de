import { approveRender } from "@/lib/server/approvals/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  API_ROUTES["POST /api/approvals/{id}/approve"],
  async ({ params: { id }, actor, body }) => approveRender(id, actor, body),
);

import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { approveRender } from "@/lib/server/approvals/service";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  API_ROUTES["POST /api/approvals/{id}/approve"],
  async ({ params: { id }, member, body }) => json(await approveRender(id, member, body)),
);

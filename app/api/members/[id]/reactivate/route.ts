import { reactivateMember } from "@/lib/server/team/activation";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  API_ROUTES["POST /api/members/{id}/reactivate"],
  async ({ params: { id }, actor }) => reactivateMember(id, actor),
);

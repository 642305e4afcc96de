import { changeMember } from "@/lib/server/team/members";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/members/{id}"], async ({ params: { id }, body, actor }) =>
  changeMember(id, body, actor),
);

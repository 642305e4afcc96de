import { joinTeam } from "@/lib/server/team/invites";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, reply } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/auth/join"], async ({ request, body }) => {
  const { member, cookie } = await joinTeam(request, body);
  return reply({ member }, { status: 201, headers: { "Set-Cookie": cookie } });
});

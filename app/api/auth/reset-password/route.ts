import { resetPassword } from "@/lib/server/team/password-resets";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, reply } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/auth/reset-password"], async ({ request, body }) => {
  const { member, cookie } = await resetPassword(request, body);
  return reply({ member }, { headers: { "Set-Cookie": cookie } });
});

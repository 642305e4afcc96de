import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { clearedSessionCookies } from "@/lib/server/access/session";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/auth/sign-out"], async ({ request }) => {
  const response = json({ signedOut: true });
  for (const cookie of clearedSessionCookies(request)) response.headers.append("Set-Cookie", cookie);
  return response;
});

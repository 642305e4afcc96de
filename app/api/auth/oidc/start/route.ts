import { startSsoSignIn } from "@/lib/server/access/sso-sign-in";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, redirect } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/auth/oidc/start"], async ({ request, query }) =>
  redirect(await startSsoSignIn(request, query.next)),
);

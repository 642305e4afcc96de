import { finishSsoSignIn } from "@/lib/server/access/sso-sign-in";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, redirect } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

// The provider's answer is read from the request's address by the service: the query schema only
// bounds it (and documents it).
export const GET = apiRoute(API_ROUTES["GET /api/auth/oidc/callback"], async ({ request }) =>
  redirect(await finishSsoSignIn(request)),
);

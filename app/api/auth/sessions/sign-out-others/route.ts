import { signOutEverywhereElse } from "@/lib/server/access/own-sessions";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/auth/sessions/sign-out-others"], async ({ request }) =>
  signOutEverywhereElse(request),
);

import { signOut } from "@/lib/server/access/sign-in";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, reply } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/auth/sign-out"], async ({ request }) =>
  reply({ signedOut: true }, { headers: await signOut(request) }),
);

import { changeOwnPassword } from "@/lib/server/access/own-password";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/auth/password"], async ({ request, body }) =>
  changeOwnPassword(request, body),
);

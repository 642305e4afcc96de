import { sessionInfo } from "@/lib/server/access/sign-in";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/** Public, so the sign-in page can ask whether sign-in is on; it names only the caller. */
export const GET = apiRoute(API_ROUTES["GET /api/auth/session"], async ({ member }) => sessionInfo(member));

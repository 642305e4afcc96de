import { tagRenders } from "@/lib/server/renders/cull";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/** Adds and removes the team's tags on renders. */
export const POST = apiRoute(API_ROUTES["POST /api/renders/tags"], async ({ body }) => tagRenders(body));

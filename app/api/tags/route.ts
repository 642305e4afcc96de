import { suggestTags } from "@/lib/server/renders/cull";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/** The team's tags, most used first: what a tag input suggests. */
export const GET = apiRoute(API_ROUTES["GET /api/tags"], async ({ query }) => suggestTags(query.q));

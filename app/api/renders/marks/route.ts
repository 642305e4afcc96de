import { markRenders } from "@/lib/server/renders/cull";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/** Rates, picks or rejects renders for the caller (with sign-in off, for the team's one set). */
export const POST = apiRoute(API_ROUTES["POST /api/renders/marks"], async ({ body, member }) =>
  markRenders(body, member),
);

import { changeTeamLimits, teamLimits } from "@/lib/server/team/limits";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/team/limits"], async () => teamLimits());

export const POST = apiRoute(API_ROUTES["POST /api/team/limits"], async ({ body, actor }) =>
  changeTeamLimits(body, actor),
);

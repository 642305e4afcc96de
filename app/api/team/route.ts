import { changeTeamSettings, teamSettings } from "@/lib/server/team/settings";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/team"], async () => teamSettings());

export const POST = apiRoute(API_ROUTES["POST /api/team"], async ({ body, actor }) =>
  changeTeamSettings(body, actor),
);

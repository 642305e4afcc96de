import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { getTeamSettings, updateTeamSettings } from "@/lib/server/ledger/team-settings";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/team"], async () =>
  json(await getTeamSettings(await getDb())),
);

export const POST = apiRoute(API_ROUTES["POST /api/team"], async ({ body }) =>
  json(await updateTeamSettings(await getDb(), body)),
);

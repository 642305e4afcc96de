import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { listPresets } from "@/lib/server/ledger/presets";
import { createPreset } from "@/lib/server/presets/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/presets"], async () =>
  json({ items: await listPresets(await getDb()) }),
);

export const POST = apiRoute(API_ROUTES["POST /api/presets"], async ({ body, member }) =>
  json(await createPreset(body, member), 201),
);

import { createPreset, listPresets } from "@/lib/server/presets/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/presets"], async () => ({ items: await listPresets() }));

export const POST = apiRoute(API_ROUTES["POST /api/presets"], async ({ body, member }) =>
  createPreset(body, member),
);

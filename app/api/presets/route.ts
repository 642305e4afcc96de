import { presetCreateSchema } from "@/lib/contract";
import { getDb } from "@/lib/server/db";
import { apiRoute, json } from "@/lib/server/http/route";
import { listPresets } from "@/lib/server/ledger/presets";
import { createPreset } from "@/lib/server/presets";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async () => json({ items: await listPresets(await getDb()) }));

export const POST = apiRoute({ body: presetCreateSchema }, async ({ body, member }) =>
  json(await createPreset(body, member), 201),
);

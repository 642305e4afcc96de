import { teamSettingsSchema } from "@/lib/contract";
import { getDb } from "@/lib/server/db";
import { apiRoute, json } from "@/lib/server/http/route";
import { getDefaultCap, setDefaultCap } from "@/lib/server/ledger/members";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async () =>
  json({ defaultMonthlyCapCredits: await getDefaultCap(await getDb()) }),
);

export const POST = apiRoute({ access: "admin", body: teamSettingsSchema }, async ({ body }) => {
  await setDefaultCap(await getDb(), body.defaultMonthlyCapCredits);
  return json(body);
});

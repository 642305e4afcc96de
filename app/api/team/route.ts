import { teamSettingsSchema } from "@/lib/contract";
import { getDefaultCap, setDefaultCap } from "@/lib/server/ledger/members";
import { getDb } from "@/lib/server/db";
import { apiRoute, json, parseWith, readJsonBody } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  async () => json({ defaultMonthlyCapCredits: await getDefaultCap(await getDb()) }),
  { access: "admin" },
);

export const POST = apiRoute(
  async ({ request }) => {
    const { defaultMonthlyCapCredits } = parseWith(teamSettingsSchema, await readJsonBody(request));
    await setDefaultCap(await getDb(), defaultMonthlyCapCredits);
    return json({ defaultMonthlyCapCredits });
  },
  { access: "admin" },
);

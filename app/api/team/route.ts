import { getDb } from "@/lib/server/db";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { getDefaultCap, setDefaultCap } from "@/lib/server/ledger/members";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/team"], async () =>
  json({ defaultMonthlyCapCredits: await getDefaultCap(await getDb()) }),
);

export const POST = apiRoute(API_ROUTES["POST /api/team"], async ({ body }) => {
  await setDefaultCap(await getDb(), body.defaultMonthlyCapCredits);
  return json(body);
});

import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { listMemberNames } from "@/lib/server/ledger/members";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/members/names"], async () =>
  json({ items: await listMemberNames(await getDb()) }),
);

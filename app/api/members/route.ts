import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { listMembers } from "@/lib/server/ledger/members";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/members"], async () => {
  const db = await getDb();
  const members = await listMembers(db);
  return json({ items: await Promise.all(members.map((m) => withSpend(db, m))) });
});

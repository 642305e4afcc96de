import { listMembers } from "@/lib/server/ledger/members";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { getDb } from "@/lib/server/db";
import { apiRoute, json } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  async () => {
    const db = await getDb();
    const members = await listMembers(db);
    return json({ items: await Promise.all(members.map((m) => withSpend(db, m))) });
  },
  { access: "admin" },
);

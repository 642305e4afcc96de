import { getDb } from "@/lib/server/db";
import { apiRoute, json } from "@/lib/server/http/route";
import { listMemberNames } from "@/lib/server/ledger/members";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async () => json({ items: await listMemberNames(await getDb()) }));

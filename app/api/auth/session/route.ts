import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { authEnabled } from "@/lib/server/access/session";

export const dynamic = "force-dynamic";

/** Public, so the sign-in page can ask whether sign-in is on; it names only the caller. */
export const GET = apiRoute(API_ROUTES["GET /api/auth/session"], async ({ member }) =>
  json({ authEnabled: authEnabled(), member: member && (await withSpend(await getDb(), member)) }),
);

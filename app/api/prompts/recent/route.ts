import { PROMPT_HISTORY_SIZE } from "@/lib/contract";
import { searchTerms } from "@/lib/domain/prompt-search";
import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { recentPrompts } from "@/lib/server/ledger/prompt-history";

export const dynamic = "force-dynamic";

/** The caller's own history; with sign-in off, the whole dashboard's. */
export const GET = apiRoute(API_ROUTES["GET /api/prompts/recent"], async ({ query, member }) => {
  const terms = searchTerms(query.q);
  const items = await recentPrompts(await getDb(), member?.id ?? null, terms, PROMPT_HISTORY_SIZE);
  return json({ items });
});

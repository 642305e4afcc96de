import "server-only";
/** The render page's record, read from the ledger for a member allowed to see it. */
import { cache } from "react";
import type { LedgerRender } from "@/lib/contract";
import { RENDER_ID_PATTERN } from "@/lib/domain/ids";
import { getDb } from "@/lib/server/db/database";
import { getRenderRow, ledgerRenderOf } from "@/lib/server/ledger/renders";
import { withCallerFlag } from "@/lib/server/renders/organize";
import { requirePageMember } from "./session";

/**
 * Read once per request for both the metadata and the page. Without a session (sign-in on) this
 * redirects to sign-in before saying anything, not even whether the id exists.
 */
export const findRenderForPage = cache(async (id: string): Promise<LedgerRender | undefined> => {
  const member = await requirePageMember(`/renders/${encodeURIComponent(id)}`);
  if (!RENDER_ID_PATTERN.test(id)) return undefined;
  const db = await getDb();
  const row = await getRenderRow(db, id);
  if (!row) return undefined;
  return withCallerFlag(await ledgerRenderOf(db, row), member);
});

import "server-only";
/** The compare page's records, read from the ledger for a member allowed to see them. */
import type { LedgerRender } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { rendersByIds } from "@/lib/server/ledger/renders";
import { requirePageMember } from "./session";

/**
 * The renders of these ids that exist, in no particular order. `ids` are already well-formed (see
 * lib/domain/compare.ts); without a session (sign-in on) this redirects to sign-in, returning to `path`.
 */
export async function findRendersForComparePage(
  ids: readonly string[],
  path: string,
): Promise<LedgerRender[]> {
  await requirePageMember(path);
  return rendersByIds(await getDb(), ids);
}

import "server-only";
/** A render's family as its page shows it (Family): its ancestors and descendants, from the ledger. */
import { AppError, type RenderFamily } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { familyTree } from "@/lib/server/ledger/render-family";
import { getRenderRow, ledgerRenderOf } from "@/lib/server/ledger/renders";

export async function renderFamily(id: string): Promise<RenderFamily> {
  const db = await getDb();
  const row = await getRenderRow(db, id);
  if (!row) throw new AppError("not_found", "No render with this id in the dashboard's history.");
  return { renders: await familyTree(db, await ledgerRenderOf(db, row)) };
}

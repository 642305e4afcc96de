import "server-only";
/** A render someone has open: its ledger record, and the scheduler told to keep it current. */
import { AppError, type LedgerRender, type Member, type RenderWatch } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { withFamily } from "@/lib/server/ledger/render-family";
import { getRenderRow, ledgerRenderOf } from "@/lib/server/ledger/renders";
import { getScheduler } from "@/lib/server/scheduler/process-scheduler";
import { withCallerFlag } from "./organize";

const notFound = () => new AppError("not_found", "No render with this id in the dashboard's history.");

/** Marks the render watched (see PollScheduler.watch); 404 for an id the ledger does not hold. */
export async function watchRender(id: string): Promise<RenderWatch> {
  const until = await (await getScheduler()).watch(id);
  if (until === null && !(await getRenderRow(await getDb(), id))) throw notFound();
  return { watchedUntil: until === null ? null : new Date(until).toISOString() };
}

/** The render's record with the caller's favourite flag; opening it also watches it while it is unfinished. */
export async function openRender(id: string, member: Member | null): Promise<LedgerRender> {
  const db = await getDb();
  const row = await getRenderRow(db, id);
  if (!row) throw notFound();
  if (row.next_poll_at !== null) await (await getScheduler()).watch(id);
  const render = await ledgerRenderOf(db, row);
  const [withLinks = render] = await withFamily(db, [render]);
  return withCallerFlag(withLinks, member);
}

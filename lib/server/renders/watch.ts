import "server-only";
/** A render someone has open: its ledger record, and the scheduler told to keep it current. */
import { AppError, type LedgerRender, type Member, type RenderWatch } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { favouritesOwner } from "@/lib/server/ledger/favourites";
import { getRenderRow } from "@/lib/server/ledger/renders";
import { renderView } from "@/lib/server/ledger/render-view";
import { getScheduler } from "@/lib/server/scheduler/process-scheduler";

const notFound = () => new AppError("not_found", "No render with this id in the dashboard's history.");

/** Marks the render watched (see PollScheduler.watch); 404 for an id the ledger does not hold. */
export async function watchRender(id: string): Promise<RenderWatch> {
  const until = await (await getScheduler()).watch(id);
  if (until === null && !(await getRenderRow(await getDb(), id))) throw notFound();
  return { watchedUntil: until === null ? null : new Date(until).toISOString() };
}

/**
 * The render's record as the caller sees it (their favourite and marks), read in one statement;
 * opening it also watches it while it is unfinished.
 */
export async function openRender(id: string, member: Member | null): Promise<LedgerRender> {
  const view = await renderView(await getDb(), id, favouritesOwner(member));
  if (!view) throw notFound();
  if (view.polled) await (await getScheduler()).watch(id);
  return view.render;
}

import { AppError, renderIdParamsSchema } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { getDb } from "@/lib/server/db";
import { apiRoute, json } from "@/lib/server/http/route";
import { getRenderRow, toLedgerRender } from "@/lib/server/ledger/renders";
import { getScheduler } from "@/lib/server/scheduler";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: renderIdParamsSchema }, async ({ params: { id } }) => {
  const row = await getRenderRow(await getDb(), id);
  if (!row) throw new AppError("not_found", "No render with this id in the dashboard's history.");
  // Someone is looking at it: let the scheduler put it ahead of the queue while it is unfinished.
  if (!isFinalLedgerStatus(row.status) && row.next_poll_at !== null) await (await getScheduler()).watch(id);
  return json(toLedgerRender(row));
});

import "server-only";
/**
 * Batch runs (docs/architecture.md, "Batch runs"): a run and its rows, each row's render request and
 * what became of its create. A row's ready or failed end is not stored: it is read from the renders
 * its create request made, so the poll scheduler stays the one writer of a render's status. Every
 * change to a run or its rows is noted under the run's id, so open pages re-read it.
 */
import type { MadeBy, RenderRequest, Run, RunDetail, RunGrid, RunRow } from "@/lib/contract";
import { requestedModel } from "@/lib/domain/render-request";
import { isFinalRowState, rendersAsked, type RunRowState, type RunState } from "@/lib/domain/runs";
import { endedWithoutOutput, isFinalLedgerStatus } from "@/lib/domain/statuses";
import type { Db } from "@/lib/server/db/database";
import type { RunRecord, RunRowRecord } from "@/lib/server/db/schema";
import { withChanges } from "./changes";
import { newLedgerId } from "./ids";

/** Runs `GET /api/runs` lists, newest first. */
const RUN_LIST_LIMIT = 100;

/** Renders that do not count as created: the create is under way, was refused, or its outcome is unknown. */
const NOT_CREATED: readonly string[] = ["submitting", "rejected", "unknown"];

/** A render that will change no more: final, or an unknown outcome (never polled). */
const isSettled = (status: string) => isFinalLedgerStatus(status) || status === "unknown";

/** The idempotency key of a row's create: a second send of the same attempt replays the first. */
export const rowIdempotencyKey = (row: Pick<RunRowRecord, "run_id" | "row_index" | "attempt">) =>
  `${row.run_id}.${row.row_index}.${row.attempt}`;

export async function insertRun(
  db: Db,
  input: { name: string; rows: readonly RenderRequest[]; madeBy: MadeBy; grid?: RunGrid },
): Promise<string> {
  const id = newLedgerId("run");
  const now = new Date().toISOString();
  await withChanges(db, async (tx, note) => {
    await tx
      .insertInto("runs")
      .values({
        id,
        name: input.name,
        state: "running",
        row_count: input.rows.length,
        stop_reason: null,
        member_id: input.madeBy?.id ?? null,
        member_name: input.madeBy?.name ?? null,
        created_at: now,
        updated_at: now,
        finished_at: null,
        grid: input.grid ? JSON.stringify(input.grid) : null,
      })
      .execute();
    // SQLite takes at most 32,766 bound values per statement; 100 rows of 6 stay far below it.
    for (let start = 0; start < input.rows.length; start += 100) {
      await tx
        .insertInto("run_rows")
        .values(
          input.rows.slice(start, start + 100).map((request, offset) => ({
            run_id: id,
            row_index: start + offset,
            params: JSON.stringify(request),
            state: "queued",
            request_id: null,
            error: null,
            updated_at: now,
          })),
        )
        .execute();
    }
    note("run", id);
  });
  return id;
}

interface RowRender {
  request_id: string;
  id: string;
  status: string;
  error_message: string | null;
  credits_charged: number;
  credits_refunded: number;
}

/** The renders of these runs' rows, by create request. */
async function rendersOfRuns(db: Db, runIds: readonly string[]): Promise<Map<string, RowRender[]>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("renders")
    .innerJoin("run_rows", "run_rows.request_id", "renders.request_id")
    .select([
      "renders.request_id",
      "renders.id",
      "renders.status",
      "renders.error_message",
      "renders.credits_charged",
      "renders.credits_refunded",
    ])
    .where("run_rows.run_id", "in", runIds)
    .orderBy("renders.variant_index")
    .execute();
  const byRequest = new Map<string, RowRender[]>();
  for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
  return byRequest;
}

/** A row's state as the page shows it: a created row has ended once all its renders have. */
function rowState(
  row: RunRowRecord,
  renders: readonly RowRender[],
): { state: RunRowState; error: string | null } {
  if (row.state !== "created" || renders.length === 0 || !renders.every((r) => isSettled(r.status)))
    return { state: row.state as RunRowState, error: row.error };
  if (renders.every((r) => r.status === "ready")) return { state: "ready", error: null };
  const failed = renders.find((r) => r.status !== "ready");
  return {
    state: "failed",
    error: failed?.error_message ?? `The render ended ${failed?.status ?? "failed"}.`,
  };
}

function toRunRow(row: RunRowRecord, renders: readonly RowRender[]): RunRow {
  const request = JSON.parse(row.params) as RenderRequest;
  return {
    index: row.row_index,
    ...rowState(row, renders),
    prompt: request.prompt,
    kind: request.kind,
    model: requestedModel(request),
    requestId: row.request_id,
    renderIds: renders.map((r) => r.id),
  };
}

function toRun(
  run: RunRecord,
  records: readonly RunRowRecord[],
  rows: readonly RunRow[],
  renders: readonly RowRender[],
): Run {
  const counts = {
    rows: rows.length,
    queued: 0,
    sent: 0,
    created: 0,
    ready: 0,
    failed: 0,
    cancelled: 0,
    unknown: 0,
  };
  for (const { state } of rows) {
    if (state === "sending") counts.sent++;
    else if (state !== "created") counts[state]++;
  }
  // Created counts every row the service accepted, also those that have ended since.
  counts.created = records.filter((row) => row.state === "created").length;
  return {
    id: run.id,
    name: run.name,
    state: run.state as RunState,
    stopReason: run.stop_reason,
    member: run.member_id ? { id: run.member_id, name: run.member_name ?? "" } : null,
    counts,
    renderCounts: {
      asked: records.reduce((sum, row) => sum + rendersAsked(JSON.parse(row.params) as RenderRequest), 0),
      created: renders.filter((r) => !NOT_CREATED.includes(r.status)).length,
      ready: renders.filter((r) => r.status === "ready").length,
      failed: renders.filter((r) => endedWithoutOutput(r.status)).length,
    },
    creditsCharged: renders.reduce((sum, r) => sum + r.credits_charged, 0),
    creditsRefunded: renders.reduce((sum, r) => sum + r.credits_refunded, 0),
    createdAt: run.created_at,
    updatedAt: run.updated_at,
    finishedAt: run.finished_at,
  };
}

/** These runs with their counts and, for each, its rows. */
async function toRunDetails(db: Db, runs: readonly RunRecord[]): Promise<{ run: Run; rows: RunRow[] }[]> {
  const ids = runs.map((run) => run.id);
  if (ids.length === 0) return [];
  const [rowRecords, renders] = await Promise.all([
    db.selectFrom("run_rows").selectAll().where("run_id", "in", ids).orderBy("row_index").execute(),
    rendersOfRuns(db, ids),
  ]);
  return runs.map((run) => {
    const own = rowRecords.filter((row) => row.run_id === run.id);
    const rowRenders = own.map((row) => (row.request_id ? (renders.get(row.request_id) ?? []) : []));
    const rows = own.map((row, i) => toRunRow(row, rowRenders[i] ?? []));
    return { run: toRun(run, own, rows, rowRenders.flat()), rows };
  });
}

export async function findRun(db: Db, id: string): Promise<RunDetail | undefined> {
  const run = await db.selectFrom("runs").selectAll().where("id", "=", id).executeTakeFirst();
  const [detail] = run ? await toRunDetails(db, [run]) : [];
  return (
    detail && { ...detail.run, rows: detail.rows, grid: run?.grid ? (JSON.parse(run.grid) as RunGrid) : null }
  );
}

/** The team's latest runs, newest first, without their rows. */
export async function listRuns(db: Db): Promise<Run[]> {
  const runs = await db
    .selectFrom("runs")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(RUN_LIST_LIMIT)
    .execute();
  return (await toRunDetails(db, runs)).map((detail) => detail.run);
}

/** Who started a running run: the member each of its rows is created for. */
export async function runOwner(db: Db, runId: string): Promise<string | null | undefined> {
  const run = await db.selectFrom("runs").select("member_id").where("id", "=", runId).executeTakeFirst();
  return run?.member_id;
}

/**
 * The next row to send: the lowest index of any running run, so two runs take turns row by row
 * rather than one waiting for the other to end.
 */
export async function nextQueuedRow(db: Db): Promise<RunRowRecord | undefined> {
  return db
    .selectFrom("run_rows")
    .innerJoin("runs", "runs.id", "run_rows.run_id")
    .selectAll("run_rows")
    .where("run_rows.state", "=", "queued")
    .where("runs.state", "=", "running")
    .orderBy("run_rows.row_index")
    .orderBy("runs.created_at")
    .limit(1)
    .executeTakeFirst();
}

/** Rows whose create was under way: after a restart, what became of each is read from the ledger. */
export async function sendingRows(db: Db): Promise<RunRowRecord[]> {
  return db.selectFrom("run_rows").selectAll().where("state", "=", "sending").execute();
}

/** Renders of runs' rows that are not finished, plus creates under way: what the runner has in flight. */
export async function countRunsInFlight(db: Db): Promise<number> {
  const [renders, sending] = await Promise.all([
    db
      .selectFrom("renders")
      .innerJoin("run_rows", "run_rows.request_id", "renders.request_id")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      // A render waiting for approval is not in flight: it would hold the run's place until decided.
      .where("renders.status", "not in", [
        "ready",
        "failed",
        "rejected",
        "lost",
        "unknown",
        "awaiting_approval",
        "declined",
      ])
      .executeTakeFirst(),
    db
      .selectFrom("run_rows")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("state", "=", "sending")
      .executeTakeFirst(),
  ]);
  return Number(renders?.count ?? 0) + Number(sending?.count ?? 0);
}

/** Moves a row on. Only a row still in `from` moves: a cancelled row stays cancelled. */
export async function setRowState(
  db: Db,
  row: Pick<RunRowRecord, "run_id" | "row_index">,
  from: RunRowState,
  to: { state: RunRowState; requestId?: string | null; error?: string | null; attempt?: number },
): Promise<boolean> {
  const now = new Date().toISOString();
  return withChanges(db, async (tx, note) => {
    const result = await tx
      .updateTable("run_rows")
      .set({
        state: to.state,
        ...(to.requestId !== undefined && { request_id: to.requestId }),
        ...(to.error !== undefined && { error: to.error }),
        ...(to.attempt !== undefined && { attempt: to.attempt }),
        updated_at: now,
      })
      .where("run_id", "=", row.run_id)
      .where("row_index", "=", row.row_index)
      .where("state", "=", from)
      .executeTakeFirst();
    const moved = Number(result.numUpdatedRows) > 0;
    if (moved) {
      await tx.updateTable("runs").set({ updated_at: now }).where("id", "=", row.run_id).execute();
      note("run", row.run_id);
    }
    return moved;
  });
}

/**
 * Ends a run before its end: rows not sent yet are cancelled (with `reason` as their error), rows
 * under way go on. False when the run is not running (already ended or cancelled).
 */
export async function stopRun(db: Db, id: string, reason: string | null): Promise<boolean> {
  const now = new Date().toISOString();
  return withChanges(db, async (tx, note) => {
    const result = await tx
      .updateTable("runs")
      .set({ state: "cancelled", stop_reason: reason, updated_at: now, finished_at: now })
      .where("id", "=", id)
      .where("state", "=", "running")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await tx
      .updateTable("run_rows")
      .set({ state: "cancelled", error: reason ?? "Cancelled before it was sent.", updated_at: now })
      .where("run_id", "=", id)
      .where("state", "=", "queued")
      .execute();
    note("run", id);
    return true;
  });
}

/** Marks running runs whose every row has ended as done. */
export async function finishEndedRuns(db: Db): Promise<void> {
  const running = await db.selectFrom("runs").selectAll().where("state", "=", "running").execute();
  for (const { run, rows } of await toRunDetails(db, running)) {
    if (!rows.every((row) => isFinalRowState(row.state))) continue;
    const now = new Date().toISOString();
    await withChanges(db, async (tx, note) => {
      await tx
        .updateTable("runs")
        .set({ state: "done", updated_at: now, finished_at: now })
        .where("id", "=", run.id)
        .where("state", "=", "running")
        .execute();
      note("run", run.id);
    });
  }
}

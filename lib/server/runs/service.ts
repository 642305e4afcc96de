import "server-only";
/**
 * Batch runs as routes and pages use them: making one (every row valid, stored before the first is
 * sent), reading and cancelling it, and what its rows would cost. The process's one runner sends
 * the rows (./runner.ts).
 */
import {
  madeBy,
  AppError,
  type Member,
  type RunCreate,
  type RunDetail,
  type RunEstimate,
  type RunEstimateRequest,
  type Run,
} from "@/lib/contract";
import { startDuty, stopDuty } from "@/lib/server/cluster/process-member";
import { getDb, type Db } from "@/lib/server/db/database";
import { checkRenderIds } from "@/lib/server/references/resolve";
import { findRun, insertRun, listRuns as listRunRecords, stopRun } from "@/lib/server/ledger/runs";
import { approvalReason } from "@/lib/domain/approvals";
import { rendersAsked } from "@/lib/domain/runs";
import { spendLimits } from "@/lib/server/ledger/member-spend";
import { getTeamSettings } from "@/lib/server/ledger/team-settings";
import { estimateCost } from "@/lib/server/rates/pricing";
import { getScheduler } from "@/lib/server/scheduler/process-scheduler";
import { requireMakerOrAdmin } from "@/lib/server/access/makers";
import { assertMayMake } from "@/lib/server/team/limits";
import { RunRunner } from "./runner";

const RUNNER = "run-runner";

/**
 * The process's runner, a duty of the leader added after the scheduler's (whose lead marks the
 * creates of a stopped process unknown before the runner reads what became of its rows).
 */
export function getRunRunner(): Promise<RunRunner> {
  return startDuty(RUNNER, async () => {
    await getScheduler();
    return new RunRunner({ db: await getDb() });
  });
}

/** Stops the process's runner (shutdown, tests); the next getRunRunner() resumes from the ledger. */
export function stopRunRunner(): Promise<void> {
  return stopDuty(RUNNER);
}

const notFound = () => new AppError("not_found", "No run with this id in the dashboard's history.");

/** A run without a name is named after when it was made. */
const defaultName = (now: Date) => `Run of ${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export async function createRun(body: RunCreate, member: Member | null): Promise<RunDetail> {
  await assertMayMake("runs", member);
  const db = await getDb();
  await checkRowsRenderIds(db, body.rows);
  const id = await insertRun(db, {
    name: body.name || defaultName(new Date()),
    rows: body.rows,
    madeBy: madeBy(member),
    grid: body.grid,
  });
  (await getRunRunner()).wake();
  return getRun(id);
}

/**
 * The renders the rows name by id (`referenceRenderIds`, `parentIds`), checked as a render started
 * by hand checks them, when the run is accepted rather than when a row is sent: a referenced render
 * unknown, without an output or of a kind the row's model cannot take refuses the whole run (422
 * naming `rows.<index>.<field>`), with nothing stored, copied or sent.
 */
async function checkRowsRenderIds(db: Db, rows: RunCreate["rows"]): Promise<void> {
  for (const [index, row] of rows.entries()) {
    if (!row.referenceRenderIds?.length && !row.parentIds?.length) continue;
    try {
      await checkRenderIds(db, row);
    } catch (error) {
      if (!(error instanceof AppError) || !error.field) throw error;
      throw new AppError(error.code, `Row ${index + 1}: ${error.message}`, {
        field: `rows.${index}.${error.field}`,
      });
    }
  }
}

export async function getRun(id: string): Promise<RunDetail> {
  const run = await findRun(await getDb(), id);
  if (!run) throw notFound();
  return run;
}

export async function listRuns(): Promise<Run[]> {
  return listRunRecords(await getDb());
}

/**
 * Cancels the rows not sent yet; rows under way go on to their end. A run that has ended is refused;
 * with sign-in on, only the member who started it or an admin may cancel it.
 */
export async function cancelRun(id: string, member: Member | null): Promise<RunDetail> {
  const db = await getDb();
  const run = await findRun(db, id);
  if (!run) throw notFound();
  requireMakerOrAdmin("run", run.member, member);
  if (!(await stopRun(db, id, null))) {
    throw new AppError(
      "run_ended",
      `This run has already ${run.state === "done" ? "ended" : "been cancelled"}.`,
    );
  }
  return getRun(id);
}

/**
 * Each row's estimate (the one the form shows) and their sum; rows of one model and settings cost
 * alike. With them, the limits the caller's renders are checked against and how many rows would wait
 * for approval, so a preview says before the start what the start would meet.
 */
export async function estimateRun({ rows }: RunEstimateRequest, member: Member | null): Promise<RunEstimate> {
  const byKey = new Map<string, Promise<number | null>>();
  const credits = await Promise.all(
    rows.map((row) => {
      const key = JSON.stringify({ ...row, prompt: "" });
      let estimate = byKey.get(key);
      if (!estimate) {
        estimate = estimateCost(row).then((e) => e.credits);
        byKey.set(key, estimate);
      }
      return estimate;
    }),
  );
  const db = await getDb();
  const rule = await getTeamSettings(db);
  return {
    credits: credits.reduce<number>((sum, c) => sum + (c ?? 0), 0),
    unknownRows: credits.filter((c) => c === null).length,
    rows: credits,
    limits: (await spendLimits(db, member)).map(({ kind, limit, spent }) => ({ kind, limit, spent })),
    // With sign-in off nobody approves, and nothing waits (as for a render started by hand).
    awaitingApproval: member
      ? rows
          .filter((row, i) => approvalReason(rule, member.role, credits[i] ?? null) !== null)
          .reduce((sum, row) => sum + rendersAsked(row), 0)
      : 0,
  };
}

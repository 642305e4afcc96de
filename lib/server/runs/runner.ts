import "server-only";
/**
 * The run runner: sends the rows of batch runs, one create at a time, through the same create path
 * as `POST /api/renders` (ledger first, caps, Idempotency-Key), each row under a key of its own, so a
 * row is created at most once however often the runner is stopped and started. Its state is the
 * ledger's: on start it reads what became of the rows that were being sent, then carries on. Only
 * the deployment's leader sends (lib/server/cluster); another process's runner only wakes it.
 */
import { AppError, errorBodySchema, type Member } from "@/lib/contract";
import type { RenderRequest } from "@/lib/domain/render-request";
import type { LeaderDuty } from "@/lib/server/cluster/process-member";
import type { Db } from "@/lib/server/db/database";
import { onChange } from "@/lib/server/db/change-signal";
import type { RunRowRecord } from "@/lib/server/db/schema";
import { findMemberRow, toMember } from "@/lib/server/ledger/members";
import { findRequestByIdempotencyKey } from "@/lib/server/ledger/renders";
import {
  countRunsInFlight,
  finishEndedRuns,
  nextQueuedRow,
  rowIdempotencyKey,
  runOwner,
  sendingRows,
  setRowState,
  stopRun,
} from "@/lib/server/ledger/runs";
import { createRender } from "@/lib/server/renders/create";
import { serialRounds } from "@/lib/server/runtime/serial-rounds";
import { toAppError } from "@/lib/server/runtime/upstream-errors";

/**
 * Renders of runs unfinished at once (creates under way included). The account has 60 polls a
 * minute for everyone; a render costs one or two polls once the scheduler has learned its timing,
 * so six renders finishing every ten seconds spend at most about 36 a minute and leave the rest for
 * renders started by hand (which the scheduler polls in the same nearest-due order).
 */
export const RUN_IN_FLIGHT_MAX = 6;
/** Wait after a 429 that gave no Retry-After. */
const DEFAULT_RETRY_AFTER_S = 5;
/** Safety net for a wake-up missed (a write from another process). */
const TICK_MS = 5_000;

/**
 * Refusals after which every later row would be refused too: the run stops instead. A row's create
 * meets one team limit only (the renders' rate is not a row's): the member's renders waiting for
 * approval, which a run could otherwise fill the admins' queue with.
 */
const STOPPING_CODES = new Set([
  "member_cap_reached",
  "team_budget_reached",
  "insufficient_credits",
  "limit_reached",
]);

export interface RunRunnerDeps {
  db: Db;
  log?: (message: string) => void;
}

export class RunRunner implements LeaderDuty {
  private running = false;
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private tick: NodeJS.Timeout | undefined;
  private stopSignal: (() => void) | undefined;
  /** Rounds under way, which a stop waits for. */
  private readonly rounds = new Set<Promise<void>>();

  constructor(private readonly deps: RunRunnerDeps) {}

  /** Settles the rows a stopped process was sending, then sends the rest. */
  async lead(): Promise<void> {
    if (this.running) return;
    for (const row of await sendingRows(this.deps.db)) await this.settle(row);
    this.running = true;
    // A render finishing (a poll's write) frees a place in flight.
    this.stopSignal = onChange(() => this.wake());
    this.tick = setInterval(() => this.wake(), TICK_MS);
    this.tick.unref();
    this.wake();
  }

  /** Stops sending; resolves once a create under way has been settled, so nothing outlives the stop. */
  async standDown(): Promise<void> {
    this.running = false;
    this.stopSignal?.();
    clearInterval(this.tick);
    clearTimeout(this.timer);
    await Promise.all(this.rounds);
  }

  /** Looks for rows to send now: after a run is made, or anything that may have freed a place. */
  wake(): void {
    if (!this.running) return;
    const round = this.step();
    this.rounds.add(round);
    void round.finally(() => this.rounds.delete(round));
  }

  private log(message: string): void {
    (this.deps.log ?? console.info)(`[runs] ${message}`);
  }

  private readonly step = serialRounds(() => this.dispatch(), {
    keepGoing: () => this.running,
    onError: (error) => this.log(`sending failed, trying again within ${TICK_MS / 1000} s: ${String(error)}`),
  });

  private async dispatch(): Promise<void> {
    const { db } = this.deps;
    await finishEndedRuns(db);
    while (this.running) {
      const now = Date.now();
      if (now < this.pausedUntil) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.wake(), this.pausedUntil - now);
        this.timer.unref();
        return;
      }
      if ((await countRunsInFlight(db)) >= RUN_IN_FLIGHT_MAX) return;
      const row = await nextQueuedRow(db);
      if (!row) return;
      await this.send(row);
    }
  }

  private async send(row: RunRowRecord): Promise<void> {
    const { db } = this.deps;
    const member = await this.memberOf(row.run_id);
    if (member === undefined) {
      await this.refuse(row, "queued", "The member who started this run is no longer on the team.", true);
      return;
    }
    // Marked before the create, so a restart knows to look up what became of it.
    if (!(await setRowState(db, row, "queued", { state: "sending" }))) return;
    let failure: unknown;
    try {
      await createRender(JSON.parse(row.params) as RenderRequest, rowIdempotencyKey(row), member, {
        fromRun: true,
      });
    } catch (error) {
      failure = error;
    }
    await this.settle(row, failure);
  }

  /** The member a run's rows are created for: null with sign-in off, undefined when they left the team. */
  private async memberOf(runId: string): Promise<Member | null | undefined> {
    const id = await runOwner(this.deps.db, runId);
    if (id === null || id === undefined) return null;
    const row = await findMemberRow(this.deps.db, id);
    return row && toMember(row);
  }

  /**
   * A row that was being sent moves on by what the ledger holds under its key: the create request
   * the dashboard wrote before calling the service, or nothing when it stopped before that.
   */
  private async settle(row: RunRowRecord, failure?: unknown): Promise<void> {
    const { db } = this.deps;
    const sent = await findRequestByIdempotencyKey(db, rowIdempotencyKey(row));
    if (!sent) {
      // Refused before anything was written (a cap, an unknown reference), or never begun.
      if (failure === undefined) await setRowState(db, row, "sending", { state: "queued" });
      else {
        const error = toAppError(failure);
        await this.refuse(row, "sending", error.message, STOPPING_CODES.has(error.code));
      }
      return;
    }
    // A row held for approval has its create request: it waits on its own card, approved or
    // declined by itself, and the run goes on.
    if (sent.state === "created" || sent.state === "awaiting_approval") {
      await setRowState(db, row, "sending", { state: "created", requestId: sent.id, error: null });
      return;
    }
    const stored = errorBodySchema.safeParse(JSON.parse(sent.error ?? "null"));
    const message = stored.success ? stored.data.error.message : "The create did not succeed.";
    if (sent.state === "unknown") {
      // It may exist upstream and may have been charged: never sent again.
      await setRowState(db, row, "sending", { state: "unknown", requestId: sent.id, error: message });
      return;
    }
    if (sent.state !== "rejected") return;
    const code = stored.success ? stored.data.error.code : "upstream_error";
    if (code === "rate_limited") {
      // A 429 charges nothing: the row goes back in line under its next key, after the wait.
      const seconds =
        failure instanceof AppError
          ? (failure.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S)
          : DEFAULT_RETRY_AFTER_S;
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
      await setRowState(db, row, "sending", { state: "queued", attempt: row.attempt + 1 });
      this.log(`the service asked to slow down: sending again in ${seconds} s`);
      return;
    }
    await this.refuse(row, "sending", message, STOPPING_CODES.has(code));
  }

  /** The row failed with `message`; a refusal every later row would meet too (`stops`) stops its run. */
  private async refuse(row: RunRowRecord, from: "queued" | "sending", message: string, stops: boolean) {
    const { db } = this.deps;
    await setRowState(db, row, from, { state: "failed", error: message });
    if (stops) await stopRun(db, row.run_id, `Stopped at row ${row.row_index + 1}: ${message}`);
  }
}

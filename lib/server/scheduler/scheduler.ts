import "server-only";
/**
 * The poll scheduler: the only code that asks the Render Service about a render. It spends the
 * account's poll budget for every user and tab at once, nearest-due first, and writes every change
 * to the ledger, which the browsers read instead. Its state lives in the ledger (next poll times,
 * learned timings, the last minute's polls), so a restart resumes where it stopped.
 */
import {
  isRenderServiceError,
  type CreateRenderResponse,
  type RenderRecord,
  type RenderServiceClient,
} from "@/lib/render-api";
import type { RenderRequest } from "@/lib/domain/render-request";
import { isTerminalServiceStatus } from "@/lib/domain/statuses";
import {
  estimateCompletion,
  learnCompletion,
  timingLevels,
  type CompletionEstimate,
  type TimingStat,
} from "@/lib/domain/timing";
import type { Db } from "@/lib/server/db";
import type { RenderRow } from "@/lib/server/db/schema";
import {
  countActiveRenders,
  deferPoll,
  earliestPollAt,
  loadTimingStats,
  logPoll,
  markFinished,
  markInProgress,
  markLost,
  nextDueRender,
  pollTimesSince,
  saveTimingStats,
  watchRender,
  type PollObservation,
} from "@/lib/server/ledger/polling";
import { completeRequest, markInterruptedRequests } from "@/lib/server/ledger/renders";
import { serialRounds } from "@/lib/server/runtime/serial-rounds";
import { PollBudget, WINDOW_MS } from "./budget";
import { WATCHED_INTERVAL_MS, errorRetryAt, nextPollAt } from "./policy";

export interface SchedulerDeps {
  db: Db;
  client: Pick<RenderServiceClient, "getRender">;
  budgetPerMinute: number;
  /** Called when a render's refund lands, so the cached balance is refetched. */
  onRefund?: () => void;
  log?: (message: string) => void;
}

/** What the scheduler expects of a render before it is sent: stored with the ledger's first row. */
export interface RenderExpectation {
  /** The most specific timing level the render belongs to (what it will teach once it completes). */
  timingKey: string;
  expectedSeconds: number;
}

/** A create the service accepted, handed to the scheduler to follow to the end. */
export interface AcceptedCreate {
  requestId: string;
  request: RenderRequest;
  /** When the ledger recorded the request (ISO 8601): the render's clock starts there. */
  createdAt: string;
  response: CreateRenderResponse;
}

export interface SchedulerStatus {
  running: boolean;
  active: number;
  pausedUntil: string | null;
  pollsInLastMinute: number;
  budgetPerMinute: number;
}

/** Polls in flight at once: enough to keep a slow service's latency from idling the budget. */
const MAX_CONCURRENT_POLLS = 4;
/** How long a render counts as watched after someone opens it. */
const WATCH_MS = 30_000;
/** Pause after the service rejects the key: polling cannot succeed until an admin acts. */
const KEY_REJECTED_PAUSE_MS = 30_000;
/** Confirming polls before a render the service no longer knows is marked lost. */
const NOT_FOUND_POLLS_TO_LOSE = 2;
/** Timers are capped so a clock jump or a missed wake-up costs at most this long. */
const MAX_SLEEP_MS = 30_000;

export class PollScheduler {
  private budget: PollBudget;
  private stats = new Map<string, TimingStat>();
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private pausedUntil = 0;
  private running = false;

  constructor(private readonly deps: SchedulerDeps) {
    this.budget = new PollBudget(deps.budgetPerMinute);
  }

  async start(): Promise<void> {
    if (this.running) return;
    const { db } = this.deps;
    this.budget = new PollBudget(this.deps.budgetPerMinute, await pollTimesSince(db, Date.now() - WINDOW_MS));
    this.stats = await loadTimingStats(db);
    const interrupted = await markInterruptedRequests(db);
    if (interrupted > 0)
      this.log(`${interrupted} render request(s) interrupted by a restart: outcome unknown`);
    this.running = true;
    this.wake();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  /** Re-plans now: after a create, or anything else that may have made a poll due. */
  wake(): void {
    this.armAt(Date.now());
  }

  /** What to record about a render before it is sent. */
  expect(request: RenderRequest): RenderExpectation {
    return {
      timingKey: timingLevels(request)[0] ?? "*",
      expectedSeconds: this.estimate(request).expectedSeconds,
    };
  }

  /**
   * The one entry for the rest of the server: records the renders of an accepted create in the
   * ledger with their first poll planned, and follows them to `ready` or `failed`.
   */
  async track({ requestId, request, createdAt, response }: AcceptedCreate): Promise<RenderRow[]> {
    const firstPoll = nextPollAt({
      createdAtMs: Date.parse(createdAt),
      nowMs: Date.now(),
      estimate: this.estimate(request),
      unchangedPolls: 0,
    });
    const rows = await completeRequest(this.deps.db, requestId, response, firstPoll);
    this.wake();
    return rows;
  }

  private estimate(request: RenderRequest): CompletionEstimate {
    return estimateCompletion(request, this.stats);
  }

  /**
   * A render someone is looking at goes ahead of the queue and is polled at least every 10 s, for
   * 30 s from now. Returns when the watch ends, or null for a render no longer polled.
   */
  async watch(id: string): Promise<number | null> {
    const now = Date.now();
    const watched = await watchRender(this.deps.db, id, now + WATCH_MS, now + WATCHED_INTERVAL_MS);
    this.wake();
    return watched ? now + WATCH_MS : null;
  }

  async status(): Promise<SchedulerStatus> {
    const now = Date.now();
    return {
      running: this.running,
      active: await countActiveRenders(this.deps.db),
      pausedUntil: this.pausedUntil > now ? new Date(this.pausedUntil).toISOString() : null,
      pollsInLastMinute: this.budget.used(now),
      budgetPerMinute: this.budget.perMinute,
    };
  }

  private log(message: string): void {
    (this.deps.log ?? console.info)(`[poll scheduler] ${message}`);
  }

  private armAt(at: number): void {
    if (!this.running || at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    const delay = Math.min(Math.max(0, at - Date.now()), MAX_SLEEP_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      void this.step();
    }, delay);
    this.timer.unref();
  }

  /** Runs dispatch rounds until nothing more can start now; a call during a round schedules one more. */
  private readonly step = serialRounds(() => this.dispatch(), {
    keepGoing: () => this.running,
    onError: (error) => {
      this.log(`dispatch failed, retrying in 5 s: ${String(error)}`);
      this.armAt(Date.now() + 5_000);
    },
  });

  private async dispatch(): Promise<void> {
    const { db } = this.deps;
    while (this.running && this.inFlight.size < MAX_CONCURRENT_POLLS) {
      const now = Date.now();
      if (now < this.pausedUntil) return this.armAt(this.pausedUntil);
      const due = await nextDueRender(db, now, [...this.inFlight]);
      if (!due) {
        const at = await earliestPollAt(db, [...this.inFlight]);
        if (at !== null) this.armAt(at);
        return;
      }
      if (!this.budget.canSpend(now)) return this.armAt(this.budget.nextSlotAt(now));
      this.budget.spend();
      this.inFlight.add(due.id);
      await logPoll(db, now, now - WINDOW_MS);
      void this.poll(due)
        .catch((error: unknown) => this.log(`poll of ${due.id} failed to record: ${String(error)}`))
        .finally(() => {
          this.inFlight.delete(due.id);
          void this.step();
        });
    }
  }

  private async poll(row: RenderRow): Promise<void> {
    let record: RenderRecord;
    try {
      // No client retries: every attempt spends the budget, so backing off is this scheduler's call.
      record = await this.deps.client.getRender(row.id, { retries: 0 });
    } catch (error) {
      return this.recordPollError(row, error);
    } finally {
      // The service has counted this poll by now, whatever the outcome (see PollBudget).
      this.budget.settle(Date.now());
    }
    await this.recordPoll(row, record);
  }

  private async recordPoll(row: RenderRow, record: RenderRecord): Promise<void> {
    const now = Date.now();
    const request = JSON.parse(row.params) as RenderRequest;
    const chain = record.chain
      ? { clipsReady: record.chain.clipsReady, clipsTotal: record.chain.clipsTotal }
      : null;
    if (record.status === "ready") this.learn(request, row, record, now);
    const estimate = this.estimate(request);
    const observation: PollObservation = {
      status: record.status,
      renderModel: record.renderModel,
      outputUrl: record.outputUrl,
      errorMessage: record.errorMessage,
      creditsRefunded: record.creditsRefunded,
      chain,
      upstreamCreatedAt: record.createdAt,
      upstreamUpdatedAt: record.updatedAt,
      expectedSeconds: estimate.expectedSeconds,
    };
    if (isTerminalServiceStatus(record.status)) {
      await markFinished(this.deps.db, row.id, observation, now);
    } else {
      const changed =
        record.status !== row.status ||
        (chain?.clipsReady ?? null) !== row.chain_ready ||
        record.outputUrl !== row.output_url;
      const unchangedPolls = changed ? 0 : row.unchanged_polls + 1;
      const nextPoll = nextPollAt({
        createdAtMs: Date.parse(row.created_at),
        nowMs: now,
        estimate,
        unchangedPolls,
        chain: chain && { ready: chain.clipsReady, total: chain.clipsTotal },
        watched: (row.watched_until ?? 0) > now,
      });
      await markInProgress(this.deps.db, row.id, observation, {
        unchangedPolls,
        nextPollAt: nextPoll,
        nowMs: now,
      });
    }
    if (record.creditsRefunded > row.credits_refunded) this.deps.onRefund?.();
  }

  /** Learns from the service's own timestamps when they are usable, else from the ledger's. */
  private learn(request: RenderRequest, row: RenderRow, record: RenderRecord, now: number): void {
    const upstream = (Date.parse(record.updatedAt) - Date.parse(record.createdAt)) / 1000;
    const observed =
      Number.isFinite(upstream) && upstream > 0 ? upstream : (now - Date.parse(row.created_at)) / 1000;
    const changed = learnCompletion(request, observed, this.stats);
    void saveTimingStats(this.deps.db, changed).catch((error: unknown) =>
      this.log(`could not save timing statistics: ${String(error)}`),
    );
  }

  private async recordPollError(row: RenderRow, error: unknown): Promise<void> {
    const now = Date.now();
    const { db } = this.deps;
    const status = isRenderServiceError(error) ? error.status : -1;

    // Decided by HTTP status, which the spec fixes; the service's error codes are not all documented.
    if (status === 429) {
      const retryAfter = isRenderServiceError(error) ? error.retryAfterSeconds : undefined;
      this.pausedUntil = Math.max(this.pausedUntil, now + Math.ceil((retryAfter ?? 5) * 1000));
      this.log(
        `rate limited by the service: pausing all polls until ${new Date(this.pausedUntil).toISOString()}`,
      );
      return deferPoll(db, row.id, "paused", this.pausedUntil, now);
    }
    if (status === 401 || status === 403) {
      this.pausedUntil = Math.max(this.pausedUntil, now + KEY_REJECTED_PAUSE_MS);
      this.log(`the service rejected the server's key (HTTP ${status}): pausing polls for 30 s`);
      return deferPoll(db, row.id, "paused", this.pausedUntil, now);
    }
    if (status === 404) {
      if (row.not_found_polls + 1 >= NOT_FOUND_POLLS_TO_LOSE) {
        return markLost(db, row.id, "The Render Service no longer knows this render.", now);
      }
      return deferPoll(db, row.id, "not-found", now + 2_000, now);
    }
    if (!isRenderServiceError(error)) this.log(`unexpected poll failure for ${row.id}: ${String(error)}`);
    return deferPoll(db, row.id, "error", errorRetryAt(now, row.error_polls + 1), now);
  }
}

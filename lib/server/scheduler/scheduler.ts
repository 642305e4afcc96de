import "server-only";
/**
 * The poll scheduler: the only code that asks the Render Service about a render. It spends the
 * account's poll budget for every user and tab at once, nearest-due first, and writes every change
 * to the ledger, which the browsers read instead. Its state lives in the ledger (next poll times,
 * learned timings, the last minute's polls), so a restart resumes where it stopped.
 *
 * Every process has one, to record creates and watches; only the deployment's leader polls
 * (lib/server/cluster). Each poll is logged before it is sent, through the leader's own connection,
 * so a new leader starts from the old one's spending and two processes never poll at once.
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
import { NotLeaderError, type ClusterMember, type LeaderDuty } from "@/lib/server/cluster/process-member";
import type { Db } from "@/lib/server/db/database";
import { onChange } from "@/lib/server/db/change-signal";
import { announceChange } from "@/lib/server/db/dialect";
import type { RenderRow } from "@/lib/server/db/schema";
import {
  countActiveRenders,
  deferPoll,
  earliestPollAt,
  loadTimingStats,
  logPoll,
  logPollAnswer,
  markFinished,
  markInProgress,
  markLost,
  nextDueRender,
  pollCountTimes,
  pollsSentSince,
  saveTimingStats,
  watchRender,
  type LoggedPoll,
  type PollObservation,
} from "@/lib/server/ledger/polling";
import { completeRequest, markInterruptedRequests } from "@/lib/server/ledger/renders";
import { serialRounds } from "@/lib/server/runtime/serial-rounds";
import { PollBudget, WINDOW_MS } from "./budget";
import { WATCHED_INTERVAL_MS, errorRetryAt, nextPollAt } from "./policy";

export interface SchedulerDeps {
  db: Db;
  /** This process's place in the deployment: polls are sent only while it leads. */
  member: Pick<ClusterMember, "leading" | "asLeader" | "aliveMembers">;
  client: Pick<RenderServiceClient, "getRender">;
  budgetPerMinute: number;
  /**
   * How long after it was sent a poll without a recorded answer may still have reached the service
   * (the client's timeout and a margin): a new leader counts such a poll in the budget until then.
   */
  unansweredPollCountsForMs: number;
  /** Called when a render's refund lands, so the cached balance is refetched. */
  onRefund?: () => void;
  /** Called once a render is final in the ledger (its maker's notifications). */
  onFinished?: (renderId: string) => void;
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
  /** Up in this process, polling or standing by. */
  running: boolean;
  /** This process polls for the deployment. */
  leader: boolean;
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
/** How often the leader looks for creates left under way by a process that died. */
const SWEEP_EVERY_MS = 10_000;
/** A standby reloads the learned timings this often, for the first poll times it plans. */
const STANDBY_STATS_EVERY_MS = 60_000;

export class PollScheduler implements LeaderDuty {
  private budget: PollBudget;
  private stats = new Map<string, TimingStat>();
  private statsLoadedAt = 0;
  private readonly inFlight = new Set<string>();
  private readonly polls = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private sweeper: NodeJS.Timeout | undefined;
  private stopChangeSignal: (() => void) | undefined;
  private pausedUntil = 0;
  private running = false;

  constructor(private readonly deps: SchedulerDeps) {
    this.budget = new PollBudget(deps.budgetPerMinute);
  }

  /** Readies the scheduler to record creates; polling starts when this process leads (`lead`). */
  async start(): Promise<void> {
    await this.loadStats();
  }

  /**
   * Starts polling for the deployment: the budget's window from the poll log (every process's polls),
   * creates a dead process left under way marked unknown, then the due renders.
   */
  async lead(): Promise<void> {
    if (this.running) return;
    const { db } = this.deps;
    const now = Date.now();
    const spent = await pollCountTimes(db, now - WINDOW_MS, this.deps.unansweredPollCountsForMs);
    this.budget = new PollBudget(this.deps.budgetPerMinute, spent);
    await this.loadStats();
    await this.sweepInterrupted();
    this.running = true;
    // Creates and watches written by other processes reach the leader as change nudges.
    this.stopChangeSignal = onChange(() => this.wake());
    this.sweeper = setInterval(() => void this.sweepInterrupted(), SWEEP_EVERY_MS);
    this.sweeper.unref();
    this.wake();
  }

  /** Stops polling; resolves once the polls in flight are recorded. */
  async standDown(): Promise<void> {
    this.running = false;
    this.stopChangeSignal?.();
    this.stopChangeSignal = undefined;
    clearInterval(this.sweeper);
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    await Promise.all(this.polls);
  }

  private async loadStats(): Promise<void> {
    this.stats = await loadTimingStats(this.deps.db);
    this.statsLoadedAt = Date.now();
  }

  private async sweepInterrupted(): Promise<void> {
    try {
      const interrupted = await markInterruptedRequests(this.deps.db, () => this.deps.member.aliveMembers());
      if (interrupted > 0)
        this.log(`${interrupted} render request(s) interrupted by a stopped process: outcome unknown`);
    } catch (error) {
      this.log(`could not look for interrupted creates: ${String(error)}`);
    }
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
    // A standby learns nothing itself: the leader's timings reach it through the ledger.
    if (!this.running && Date.now() - this.statsLoadedAt > STANDBY_STATS_EVERY_MS) {
      this.statsLoadedAt = Date.now();
      void this.loadStats().catch((error: unknown) => this.log(`could not reload timings: ${String(error)}`));
    }
    return estimateCompletion(request, this.stats);
  }

  /**
   * A render someone is looking at goes ahead of the queue and is polled at least every 10 s, for
   * 30 s from now. Returns when the watch ends, or null for a render no longer polled.
   */
  async watch(id: string): Promise<number | null> {
    const now = Date.now();
    const watched = await watchRender(this.deps.db, id, now + WATCH_MS, now + WATCHED_INTERVAL_MS);
    if (this.running) this.wake();
    else if (watched) await announceChange(this.deps.db);
    return watched ? now + WATCH_MS : null;
  }

  async status(): Promise<SchedulerStatus> {
    const now = Date.now();
    const { db } = this.deps;
    return {
      running: true,
      leader: this.running,
      active: await countActiveRenders(db),
      pausedUntil: this.pausedUntil > now ? new Date(this.pausedUntil).toISOString() : null,
      pollsInLastMinute: this.running ? this.budget.used(now) : await pollsSentSince(db, now - WINDOW_MS),
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
      // Stood down while asking: a poll sent now would outlive the stand-down.
      if (!this.running) return;
      if (!due) {
        const at = await earliestPollAt(db, [...this.inFlight]);
        if (at !== null) this.armAt(at);
        return;
      }
      if (!this.budget.canSpend(now)) return this.armAt(this.budget.nextSlotAt(now));
      const poll: LoggedPoll = { renderId: due.id, at: now };
      // Kept as long as a new leader may still count them (see pollCountTimes).
      const forgetUntil = now - WINDOW_MS - this.deps.unansweredPollCountsForMs;
      try {
        await this.deps.member.asLeader((leaderDb) => logPoll(leaderDb, poll, forgetUntil));
      } catch (error) {
        // Leadership lost between two polls: the stand-down under way stops this loop.
        if (error instanceof NotLeaderError) return;
        throw error;
      }
      // Logged but not sent: it counts against the budget as unanswered, which errs on the safe side.
      if (!this.running) return;
      this.budget.spend();
      this.inFlight.add(due.id);
      const polled = this.poll(due, poll)
        .catch((error: unknown) => this.log(`poll of ${due.id} failed to record: ${String(error)}`))
        .finally(() => {
          this.inFlight.delete(due.id);
          this.polls.delete(polled);
          void this.step();
        });
      this.polls.add(polled);
    }
  }

  private async poll(row: RenderRow, logged: LoggedPoll): Promise<void> {
    let outcome: { record: RenderRecord } | { error: unknown };
    try {
      // No client retries: every attempt spends the budget, so backing off is this scheduler's call.
      outcome = { record: await this.deps.client.getRender(row.id, { retries: 0 }) };
    } catch (error) {
      outcome = { error };
    }
    // The service has counted this poll by now, whatever the outcome (see PollBudget).
    const answeredAt = Date.now();
    this.budget.settle(answeredAt);
    await logPollAnswer(this.deps.db, logged, answeredAt).catch((error: unknown) =>
      this.log(`could not log the answer time of a poll: ${String(error)}`),
    );
    if ("error" in outcome) return this.recordPollError(row, outcome.error);
    await this.recordPoll(row, outcome.record);
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
      this.deps.onFinished?.(row.id);
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

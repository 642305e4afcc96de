import "server-only";
/** Ledger queries of the poll scheduler: what is due, what changed, what was learned. */
import { sql, type ExpressionBuilder, type UpdateObject } from "kysely";
import type { ChainProgress } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import type { Database, RenderRow } from "@/lib/server/db/schema";
import type { TimingStat } from "@/lib/domain/timing";
import { withChanges, type ChangeTopic } from "./changes";
import { touchedAt } from "./updated-at";

const notIn = (ids: readonly string[]) => (ids.length > 0 ? ids : [""]);

/** The most urgent due render: watched ones first, then the longest overdue. */
export async function nextDueRender(
  db: Db,
  nowMs: number,
  exclude: readonly string[],
): Promise<RenderRow | undefined> {
  return db
    .selectFrom("renders")
    .selectAll()
    .where("next_poll_at", "is not", null)
    .where("next_poll_at", "<=", nowMs)
    .where("id", "not in", notIn(exclude))
    .orderBy(sql`case when watched_until > ${nowMs} then 0 else 1 end`)
    .orderBy("next_poll_at")
    .limit(1)
    .executeTakeFirst();
}

export async function earliestPollAt(db: Db, exclude: readonly string[]): Promise<number | null> {
  const row = await db
    .selectFrom("renders")
    .select((eb) => eb.fn.min("next_poll_at").as("at"))
    .where("next_poll_at", "is not", null)
    .where("id", "not in", notIn(exclude))
    .executeTakeFirst();
  return row?.at ?? null;
}

export async function countActiveRenders(db: Db): Promise<number> {
  const row = await db
    .selectFrom("renders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("next_poll_at", "is not", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What one successful poll saw of a render at the service. */
export interface PollObservation {
  status: string;
  renderModel: string;
  outputUrl: string | null;
  errorMessage: string | null;
  creditsRefunded: number;
  chain: ChainProgress | null;
  upstreamCreatedAt: string;
  upstreamUpdatedAt: string;
  /** The scheduler's current expectation of the render's total time. */
  expectedSeconds: number;
}

function observed(o: PollObservation, nowMs: number) {
  return {
    status: o.status,
    render_model: o.renderModel,
    output_url: o.outputUrl,
    error_message: o.errorMessage,
    credits_refunded: o.creditsRefunded,
    chain_ready: o.chain?.clipsReady ?? null,
    chain_total: o.chain?.clipsTotal ?? null,
    upstream_created_at: o.upstreamCreatedAt,
    upstream_updated_at: o.upstreamUpdatedAt,
    expected_seconds: o.expectedSeconds,
    updated_at: touchedAt(new Date(nowMs).toISOString()),
    error_polls: 0,
    not_found_polls: 0,
  };
}

type RenderPatch = (eb: ExpressionBuilder<Database, "renders">) => UpdateObject<Database, "renders">;

/**
 * Every poll sent counts once in the render's `poll_count`; `patch` is what else it changed, and
 * `shows` the topics a page would show differently afterwards (none for a poll that told nothing).
 */
async function afterPoll(
  db: Db,
  id: string,
  patch: RenderPatch,
  shows: readonly ChangeTopic[] = ["render"],
): Promise<void> {
  await withChanges(db, async (tx, note) => {
    await tx
      .updateTable("renders")
      .set((eb) => ({ poll_count: eb("poll_count", "+", 1), ...patch(eb) }))
      .where("id", "=", id)
      .execute();
    for (const topic of shows) note(topic, topic === "render" ? id : "");
  });
}

/** A poll found the render still in progress (pending, running, or a status the spec doesn't name). */
export async function markInProgress(
  db: Db,
  id: string,
  o: PollObservation,
  next: { unchangedPolls: number; nextPollAt: number; nowMs: number },
): Promise<void> {
  await afterPoll(db, id, () => ({
    ...observed(o, next.nowMs),
    unchanged_polls: next.unchangedPolls,
    next_poll_at: next.nextPollAt,
  }));
}

/** A poll found the render `ready` or `failed` (refund included): it is never polled again. */
export async function markFinished(db: Db, id: string, o: PollObservation, nowMs: number): Promise<void> {
  await afterPoll(
    db,
    id,
    () => ({
      ...observed(o, nowMs),
      unchanged_polls: 0,
      completed_at: new Date(nowMs).toISOString(),
      next_poll_at: null,
    }),
    // A refund moves the balance and the member's spend.
    o.creditsRefunded > 0 ? ["render", "spend"] : ["render"],
  );
}

/** Why a poll told nothing about the render, which decides the counter it moves. */
export type PollSetback = "paused" | "error" | "not-found";

/** A poll told nothing (rate limited, key rejected, service error, not found): try again at `retryAt`. */
export async function deferPoll(
  db: Db,
  id: string,
  setback: PollSetback,
  retryAt: number,
  nowMs: number,
): Promise<void> {
  await afterPoll(
    db,
    id,
    (eb) => ({
      updated_at: touchedAt(new Date(nowMs).toISOString()),
      next_poll_at: retryAt,
      ...(setback === "error" && { error_polls: eb("error_polls", "+", 1) }),
      ...(setback === "not-found" && { not_found_polls: eb("not_found_polls", "+", 1) }),
    }),
    [],
  );
}

/** The service no longer knows the render: it is final, with the reason in its error message. */
export async function markLost(db: Db, id: string, reason: string, nowMs: number): Promise<void> {
  const now = new Date(nowMs).toISOString();
  await afterPoll(db, id, (eb) => ({
    status: "lost",
    error_message: reason,
    not_found_polls: eb("not_found_polls", "+", 1),
    updated_at: touchedAt(now),
    completed_at: now,
    next_poll_at: null,
  }));
}

/**
 * Marks a render as being looked at, and brings its next poll forward to at most `soonestMs`; false
 * when it is no longer polled (final, or unknown).
 */
export async function watchRender(db: Db, id: string, untilMs: number, soonestMs: number): Promise<boolean> {
  const result = await db
    .updateTable("renders")
    .set((eb) => ({
      watched_until: untilMs,
      next_poll_at: eb
        .case()
        .when("next_poll_at", ">", soonestMs)
        .then(soonestMs)
        .else(eb.ref("next_poll_at"))
        .end(),
    }))
    .where("id", "=", id)
    .where("next_poll_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function loadTimingStats(db: Db): Promise<Map<string, TimingStat>> {
  const rows = await db.selectFrom("timing_stats").selectAll().execute();
  return new Map(
    rows.map((r) => [r.key, { samples: r.samples, ratioMean: r.ratio_mean, ratioDev: r.ratio_dev }]),
  );
}

export async function saveTimingStats(db: Db, changed: ReadonlyMap<string, TimingStat>): Promise<void> {
  const updatedAt = new Date().toISOString();
  for (const [key, stat] of changed) {
    const values = {
      samples: stat.samples,
      ratio_mean: stat.ratioMean,
      ratio_dev: stat.ratioDev,
      updated_at: updatedAt,
    };
    await db
      .insertInto("timing_stats")
      .values({ key, ...values })
      .onConflict((c) => c.column("key").doUpdateSet(values))
      .execute();
  }
}

/** A poll as the log knows it: the render and when it was sent. */
export interface LoggedPoll {
  renderId: string;
  at: number;
}

/**
 * When the service counted each poll still inside the budget's window (from `windowStart`), for a
 * scheduler starting to lead: a poll's answer time, or for one never answered (its sender died or
 * stopped) the latest it could have reached the service, `unansweredCountsForMs` after it was sent.
 */
export async function pollCountTimes(
  db: Db,
  windowStart: number,
  unansweredCountsForMs: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom("poll_log")
    .select(["polled_at", "answered_at"])
    .where("polled_at", ">", windowStart - unansweredCountsForMs)
    .execute();
  return rows
    .map((r) => r.answered_at ?? r.polled_at + unansweredCountsForMs)
    .filter((countedAt) => countedAt > windowStart);
}

/** Polls sent in the last minute (a standby's view of the leader's spending). */
export async function pollsSentSince(db: Db, sinceMs: number): Promise<number> {
  const row = await db
    .selectFrom("poll_log")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("polled_at", ">", sinceMs)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Records a poll about to be sent, forgetting those sent at or before `forgetUntilMs`. */
export async function logPoll(db: Db, poll: LoggedPoll, forgetUntilMs: number): Promise<void> {
  await db
    .insertInto("poll_log")
    .values({ polled_at: poll.at, render_id: poll.renderId, answered_at: null })
    .execute();
  await db.deleteFrom("poll_log").where("polled_at", "<=", forgetUntilMs).execute();
}

/** Records when a logged poll's answer (or failure) came. */
export async function logPollAnswer(db: Db, poll: LoggedPoll, answeredAt: number): Promise<void> {
  await db
    .updateTable("poll_log")
    .set({ answered_at: answeredAt })
    .where("polled_at", "=", poll.at)
    .where("render_id", "=", poll.renderId)
    .execute();
}

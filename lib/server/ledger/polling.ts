import "server-only";
/** Ledger queries of the poll scheduler: what is due, what changed, what was learned. */
import type { Updateable } from "kysely";
import { sql } from "kysely";
import type { Db } from "@/lib/server/db";
import type { RenderRow, RendersTable } from "@/lib/server/db/schema";
import type { TimingStat } from "@/lib/domain/timing";
import { WINDOW_MS } from "@/lib/server/scheduler/budget";

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

export async function updateRender(db: Db, id: string, patch: Updateable<RendersTable>): Promise<void> {
  await db.updateTable("renders").set(patch).where("id", "=", id).execute();
}

/** Marks a render as being looked at, and brings its next poll forward to at most `soonestMs`. */
export async function watchRender(db: Db, id: string, untilMs: number, soonestMs: number): Promise<void> {
  await db
    .updateTable("renders")
    .set((eb) => ({
      watched_until: untilMs,
      next_poll_at: sql<number>`min(${eb.ref("next_poll_at")}, ${soonestMs})`,
    }))
    .where("id", "=", id)
    .where("next_poll_at", "is not", null)
    .execute();
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

export async function recentPollTimes(db: Db, nowMs: number): Promise<number[]> {
  const rows = await db
    .selectFrom("poll_log")
    .select("polled_at")
    .where("polled_at", ">", nowMs - WINDOW_MS)
    .execute();
  return rows.map((r) => r.polled_at);
}

export async function logPoll(db: Db, nowMs: number): Promise<void> {
  await db.insertInto("poll_log").values({ polled_at: nowMs }).execute();
  await db
    .deleteFrom("poll_log")
    .where("polled_at", "<=", nowMs - WINDOW_MS)
    .execute();
}

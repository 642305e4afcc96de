import "server-only";
/**
 * Failed sign-ins and wrong API tokens, one row per count a failure falls in, so every dashboard
 * process on the ledger reads and adds to the same counts. What the counts mean (keys, limits, the
 * window) is the throttle's (`lib/server/team/throttle.ts`); this module only stores them.
 */
import type { Db } from "@/lib/server/db";

/** A key's failures after some moment: how many, and when the oldest of them was (ms). */
export interface FailureCount {
  count: number;
  oldest: number;
}

/** Each of `keys` that has failures later than `after` (ms), with their count and the oldest. */
export async function failuresAfter(
  db: Db,
  keys: readonly string[],
  after: number,
): Promise<Map<string, FailureCount>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("sign_in_failures")
    .select((eb) => ["key", eb.fn.countAll<number>().as("count"), eb.fn.min("failed_at").as("oldest")])
    .where("key", "in", keys)
    .where("failed_at", ">", after)
    .groupBy("key")
    .execute();
  return new Map(rows.map((r) => [r.key, { count: Number(r.count), oldest: Number(r.oldest) }]));
}

/**
 * Records one failure at `at` (ms) in each of `keys`, and deletes every failure at or before
 * `expiredUpTo`, whatever its key, so a key that fails once and never again (a sprayed email)
 * does not stay in the table for ever.
 */
export async function recordFailure(
  db: Db,
  keys: readonly string[],
  at: number,
  expiredUpTo: number,
): Promise<void> {
  await db.deleteFrom("sign_in_failures").where("failed_at", "<=", expiredUpTo).execute();
  if (keys.length === 0) return;
  await db
    .insertInto("sign_in_failures")
    .values(keys.map((key) => ({ key, failed_at: at })))
    .execute();
}

/** Forgets every failure of `key`. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom("sign_in_failures").where("key", "=", key).execute();
}

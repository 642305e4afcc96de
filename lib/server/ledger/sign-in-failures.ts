import "server-only";
/**
 * Failed sign-ins and wrong API tokens, one row per count a failure falls in, so every dashboard
 * process on the ledger reads and adds to the same counts. What the counts mean (keys, limits, the
 * window) is the throttle's (`lib/server/access/throttle.ts`); this module only stores them.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/server/db/database";
import { serializeSignIns } from "@/lib/server/db/dialect";

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
 * Deletes every failure at or before `upTo`, whatever its key, so a key that fails once and never
 * again (a sprayed email) does not stay in the table for ever.
 */
const sweepExpired = (db: Db, upTo: number) =>
  db.deleteFrom("sign_in_failures").where("failed_at", "<=", upTo).execute();

/** Adds one failure at `at` to each of `keys`, all of them one attempt's; returns its id. */
async function insertAttempt(db: Db, keys: readonly string[], at: number): Promise<string> {
  const attempt = randomUUID();
  if (keys.length > 0) {
    await db
      .insertInto("sign_in_failures")
      .values(keys.map((key) => ({ key, failed_at: at, attempt })))
      .execute();
  }
  return attempt;
}

/** Records one failure at `at` (ms) in each of `keys`, and sweeps those at or before `expiredUpTo`. */
export async function recordFailure(
  db: Db,
  keys: readonly string[],
  at: number,
  expiredUpTo: number,
): Promise<void> {
  await sweepExpired(db, expiredUpTo);
  await insertAttempt(db, keys, at);
}

/** What `recordAttemptUnlessHeld` did: recorded the attempt, or held it back by these counts. */
export type AttemptOutcome = { attempt: string } | { heldBy: Map<string, FailureCount> };

/**
 * Reads `keys`' failures later than `after` and, unless `held` says those counts hold the attempt
 * back, records the attempt as a failure at `at` in each key (it is one until `forgetAttempt`). In
 * one transaction, one at a time across processes: of attempts made at once, each sees every one
 * recorded before it. Failures at or before `after` are swept.
 */
export function recordAttemptUnlessHeld(
  db: Db,
  keys: readonly string[],
  at: number,
  after: number,
  held: (failures: Map<string, FailureCount>) => boolean,
): Promise<AttemptOutcome> {
  return db.transaction().execute(async (tx) => {
    await serializeSignIns(tx);
    await sweepExpired(tx, after);
    const failures = await failuresAfter(tx, keys, after);
    if (held(failures)) return { heldBy: failures };
    return { attempt: await insertAttempt(tx, keys, at) };
  });
}

/** Takes one attempt back: deletes its failures, in every key it was recorded in. */
export async function forgetAttempt(db: Db, attempt: string): Promise<void> {
  await db.deleteFrom("sign_in_failures").where("attempt", "=", attempt).execute();
}

/** Forgets every failure of `key`. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom("sign_in_failures").where("key", "=", key).execute();
}

/**
 * The sign-in throttle across processes: two handles on one ledger (each its own connection or pool,
 * as two dashboard processes behind a round-robin proxy have) add to and read the same counts. On a
 * real SQLite file, and on PostgreSQL in the `postgres` project. Times are passed in, never waited.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { connect, migrate, type Db } from "@/lib/server/db";
import { newLedgerUrl } from "@/test/server-stack";
import {
  SIGN_IN_THROTTLE,
  clearSignInFailures,
  countFailure,
  signInCounts,
  tokenCounts,
  waitSeconds,
} from "./throttle";

const { windowMs, perEmail, perAddress } = SIGN_IN_THROTTLE;

/** Two processes' handles on one migrated ledger. */
let one: Db;
let two: Db;
beforeEach(async () => {
  const url = await newLedgerUrl();
  one = await connect(url);
  await migrate(one, url);
  two = await connect(url);
});
afterEach(async () => {
  await one.destroy();
  await two.destroy();
});

/** What the sign-in route and a bearer request ask and record, through either handle. */
const signInWaitSeconds = (db: Db, address: string | null, email: string, now: number) =>
  waitSeconds(db, signInCounts(address, email), now);
const recordSignInFailure = (db: Db, address: string | null, email: string, now: number) =>
  countFailure(db, signInCounts(address, email), now);
const tokenWaitSeconds = (db: Db, address: string, now: number) => waitSeconds(db, tokenCounts(address), now);
const recordWrongToken = (db: Db, address: string, now: number) =>
  countFailure(db, tokenCounts(address), now);

/** Seconds from `now` until a failure at `failedAt` leaves the window. */
const secondsLeft = (failedAt: number, now: number) => Math.ceil((failedAt + windowMs - now) / 1000);

const start = Date.now();
const email = "ada@example.com";

test("an email's failures through either process count once: both hold it back from the limit on", async () => {
  for (let i = 0; i < perEmail; i++) {
    expect(await signInWaitSeconds(i % 2 ? one : two, `10.1.0.${i}`, email, start + i * 1000)).toBe(0);
    // Each from another address, half of them with the email as typed in capitals.
    await recordSignInFailure(
      i % 2 ? two : one,
      `10.1.0.${i}`,
      i % 2 ? email.toUpperCase() : email,
      start + i * 1000,
    );
  }
  const now = start + perEmail * 1000;
  for (const db of [one, two]) {
    expect(await signInWaitSeconds(db, "10.1.1.1", ` ${email.toUpperCase()} `, now)).toBe(
      secondsLeft(start, now),
    );
  }
  // Another email from an address that took part is not held back.
  expect(await signInWaitSeconds(two, "10.1.0.0", "grace@example.com", now)).toBe(0);
});

test("the window slides: once the oldest failure leaves it, another attempt is allowed", async () => {
  for (let i = 0; i < perEmail; i++)
    await recordSignInFailure(i % 2 ? one : two, null, email, start + i * 1000);
  const lastHeldAt = start + windowMs - 1;
  expect(await signInWaitSeconds(one, null, email, lastHeldAt)).toBe(secondsLeft(start, lastHeldAt));
  expect(await signInWaitSeconds(two, null, email, start + windowMs)).toBe(0);
  // One more failure then brings the count back to the limit, held until the next-oldest leaves.
  await recordSignInFailure(one, null, email, start + windowMs);
  expect(await signInWaitSeconds(two, null, email, start + windowMs)).toBe(
    secondsLeft(start + 1000, start + windowMs),
  );
});

test("wrong tokens and failed sign-ins of one address add up across processes; a sign-in clears only its email", async () => {
  const address = "10.2.0.1";
  for (let i = 0; i < perAddress; i++) {
    expect(await tokenWaitSeconds(i % 2 ? two : one, address, start + i)).toBe(0);
    if (i % 2) await recordWrongToken(one, address, start + i);
    else await recordSignInFailure(two, address, `sprayed-${i}@example.com`, start + i);
  }
  const now = start + perAddress;
  for (const db of [one, two]) {
    expect(await tokenWaitSeconds(db, address, now)).toBe(secondsLeft(start, now));
    expect(await signInWaitSeconds(db, address, "grace@example.com", now)).toBe(secondsLeft(start, now));
  }
  expect(await tokenWaitSeconds(one, "10.2.0.2", now)).toBe(0);

  // Held back by its email's count too; the member then signs in from elsewhere (through `one`).
  for (let i = 0; i < perEmail; i++) await recordSignInFailure(two, `10.2.1.${i}`, email, now);
  expect(await signInWaitSeconds(one, "10.2.2.1", email, now)).toBe(secondsLeft(now, now));
  await clearSignInFailures(one, email.toUpperCase());
  expect(await signInWaitSeconds(two, "10.2.2.1", email, now)).toBe(0);
  expect(await signInWaitSeconds(two, address, email, now)).toBe(secondsLeft(start, now));
});

test("a failure sweeps every expired one, so emails sprayed once do not stay in the table", async () => {
  for (let i = 0; i < 3; i++) await recordSignInFailure(one, null, `sprayed-${i}@example.com`, start + i);
  const later = start + 1 + windowMs;
  await recordSignInFailure(two, null, email, later);
  const rows = await one
    .selectFrom("sign_in_failures")
    .select(["key", "failed_at"])
    .orderBy("key")
    .orderBy("failed_at")
    .execute();
  expect(rows).toEqual([
    { key: "addr:unknown", failed_at: start + 2 },
    { key: "addr:unknown", failed_at: later },
    { key: `email:${email}`, failed_at: later },
    { key: "email:sprayed-2@example.com", failed_at: start + 2 },
  ]);
});

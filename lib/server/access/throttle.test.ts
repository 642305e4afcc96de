/**
 * The sign-in throttle across processes: two handles on one ledger (each its own connection or pool,
 * as two dashboard processes behind a round-robin proxy have) add to and read the same counts. On a
 * real SQLite file, and on PostgreSQL in the `postgres` project. Times are passed in, never waited.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { connect, migrate, type Db } from "@/lib/server/db/database";
import { dialectOf } from "@/lib/server/db/dialect";
import { newLedgerUrl } from "@/test/server-stack";
import type { AppError } from "@/lib/contract";
import { SIGN_IN_THROTTLE, countWrongToken, startSignIn, tokenWaitSeconds } from "./throttle";

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

/**
 * A wrong sign-in as the route makes it: 0 when it was let through to the password check (and so
 * stays counted), or the seconds to wait it was refused with (and so was not counted).
 */
async function failSignIn(db: Db, address: string | null, email: string, now: number): Promise<number> {
  try {
    await startSignIn(db, address, email, now);
    return 0;
  } catch (error) {
    expect(error).toMatchObject({ code: "rate_limited" });
    return (error as AppError).retryAfterSeconds ?? NaN;
  }
}

/** Seconds from `now` until a failure at `failedAt` leaves the window. */
const secondsLeft = (failedAt: number, now: number) => Math.ceil((failedAt + windowMs - now) / 1000);

const start = Date.now();
const email = "ada@example.com";

test("an email's failures through either process count once: both hold it back from the limit on", async () => {
  for (let i = 0; i < perEmail; i++) {
    // Each from another address, half of them with the email as typed in capitals.
    const typed = i % 2 ? email.toUpperCase() : email;
    expect(await failSignIn(i % 2 ? one : two, `10.1.0.${i}`, typed, start + i * 1000)).toBe(0);
  }
  const now = start + perEmail * 1000;
  for (const db of [one, two]) {
    expect(await failSignIn(db, "10.1.1.1", ` ${email.toUpperCase()} `, now)).toBe(secondsLeft(start, now));
  }
  // Another email from an address that took part is not held back.
  expect(await failSignIn(two, "10.1.0.0", "grace@example.com", now)).toBe(0);
});

test("the window slides: once the oldest failure leaves it, another attempt is allowed", async () => {
  for (let i = 0; i < perEmail; i++)
    expect(await failSignIn(i % 2 ? one : two, null, email, start + i * 1000)).toBe(0);
  const lastHeldAt = start + windowMs - 1;
  expect(await failSignIn(one, null, email, lastHeldAt)).toBe(secondsLeft(start, lastHeldAt));
  // The refused attempt was not counted: one more failure brings the count back to the limit,
  // held until the next-oldest leaves.
  expect(await failSignIn(two, null, email, start + windowMs)).toBe(0);
  expect(await failSignIn(one, null, email, start + windowMs)).toBe(
    secondsLeft(start + 1000, start + windowMs),
  );
});

test("attempts sent at once: exactly the limit reach the password check", async () => {
  // Through both processes on PostgreSQL. SQLite serves one process: two handles in one Node process
  // would wait out each other's write lock with the event loop blocked.
  const processes = dialectOf(one) === "postgres" ? [one, two] : [one];
  const attempts = await Promise.allSettled(
    Array.from({ length: 3 * perEmail }, (_, i) =>
      startSignIn(processes[i % processes.length] ?? one, `10.3.0.${i}`, email, start),
    ),
  );
  const through = attempts.flatMap((a) => (a.status === "fulfilled" ? [a.value] : []));
  expect(through).toHaveLength(perEmail);
  for (const refused of attempts.filter((a) => a.status === "rejected"))
    expect(refused.reason).toMatchObject({ code: "rate_limited" });

  // Those let through count as failures until they say otherwise; one succeeding clears the email.
  expect(await failSignIn(one, "10.3.1.1", email, start)).toBe(secondsLeft(start, start));
  await through[0]?.succeeded();
  expect(await failSignIn(two, "10.3.1.1", email, start)).toBe(0);
});

test("wrong tokens and failed sign-ins of one address add up across processes; a sign-in clears only its email", async () => {
  const address = "10.2.0.1";
  for (let i = 0; i < perAddress; i++) {
    expect(await tokenWaitSeconds(i % 2 ? two : one, address, start + i)).toBe(0);
    if (i % 2) await countWrongToken(one, address, start + i);
    else expect(await failSignIn(two, address, `sprayed-${i}@example.com`, start + i)).toBe(0);
  }
  const now = start + perAddress;
  for (const db of [one, two]) {
    expect(await tokenWaitSeconds(db, address, now)).toBe(secondsLeft(start, now));
    expect(await failSignIn(db, address, "grace@example.com", now)).toBe(secondsLeft(start, now));
  }
  expect(await tokenWaitSeconds(one, "10.2.0.2", now)).toBe(0);

  // An email one failure short of its limit; the member then signs in from elsewhere (through `one`).
  for (let i = 0; i < perEmail - 1; i++) expect(await failSignIn(two, `10.2.1.${i}`, email, now)).toBe(0);
  const signIn = await startSignIn(one, "10.2.2.1", email.toUpperCase(), now);
  await signIn.succeeded();
  // Its email's count is clear: the whole allowance again, through either process...
  for (let i = 0; i < perEmail; i++)
    expect(await failSignIn(i % 2 ? one : two, `10.2.3.${i}`, email, now)).toBe(0);
  expect(await failSignIn(one, "10.2.4.1", email, now)).toBe(secondsLeft(now, now));
  // ...the address it signed in from counts nothing of it, and the first address's count stays.
  expect(await failSignIn(two, "10.2.2.1", "grace@example.com", now)).toBe(0);
  expect(await tokenWaitSeconds(two, address, now)).toBe(secondsLeft(start, now));
});

test("a failure sweeps every expired one, so emails sprayed once do not stay in the table", async () => {
  for (let i = 0; i < 3; i++)
    expect(await failSignIn(one, null, `sprayed-${i}@example.com`, start + i)).toBe(0);
  const later = start + 1 + windowMs;
  await countWrongToken(two, "10.4.0.1", later);
  expect(await failSignIn(two, null, email, later)).toBe(0);
  const rows = await one
    .selectFrom("sign_in_failures")
    .select(["key", "failed_at"])
    .orderBy("key")
    .orderBy("failed_at")
    .execute();
  expect(rows).toEqual([
    { key: "addr:10.4.0.1", failed_at: later },
    { key: "addr:unknown", failed_at: start + 2 },
    { key: "addr:unknown", failed_at: later },
    { key: `email:${email}`, failed_at: later },
    { key: "email:sprayed-2@example.com", failed_at: start + 2 },
  ]);
});

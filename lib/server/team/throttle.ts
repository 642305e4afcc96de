import "server-only";
/**
 * Sign-in throttling: failed attempts are counted in a sliding window per email (whatever the
 * address, and whether or not a member has it) and per client address; past either limit, sign-in
 * answers 429 until the oldest failure leaves the window. The email count is what stops guessing one
 * member's password, since a client can change its apparent address at will. A wrong API token
 * counts as a failure of its client address, in the same count (a token names no email); past the
 * limit, bearer requests from that address answer 429 too. The counts are kept in the ledger
 * (`ledger/sign-in-failures.ts`), so dashboard processes sharing one database share them: behind a
 * round-robin proxy, N processes do not give a client N times the attempts.
 */
import type { Db } from "@/lib/server/db";
import { clearFailures, failuresAfter, recordFailure } from "@/lib/server/ledger/sign-in-failures";

/** Failures allowed in any window, per email and per client address; the next waits. */
export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60_000,
  perEmail: 5,
  perAddress: 20,
} as const;

/** A count's key and its limit. */
type Count = readonly [key: string, limit: number];

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;

/**
 * `address` null: the address is unknown (no trusted proxy, see `clientAddress`), and every such
 * client shares one count.
 */
const addressKey = (address: string | null): Count => [
  `addr:${address ?? "unknown"}`,
  SIGN_IN_THROTTLE.perAddress,
];

/** The counts a sign-in attempt falls in: its client address's and its email's. */
export const signInCounts = (address: string | null, email: string): Count[] => [
  addressKey(address),
  [emailKey(email), SIGN_IN_THROTTLE.perEmail],
];

/** The count a bearer request falls in: its client address's (a token names no email). */
export const tokenCounts = (address: string | null): Count[] => [addressKey(address)];

/** Seconds to wait before another attempt in these counts, or 0 when one is allowed now. */
export async function waitSeconds(db: Db, counts: Count[], now = Date.now()): Promise<number> {
  const failures = await failuresAfter(
    db,
    counts.map(([key]) => key),
    now - SIGN_IN_THROTTLE.windowMs,
  );
  let wait = 0;
  for (const [key, limit] of counts) {
    const failed = failures.get(key);
    if (failed && failed.count >= limit)
      wait = Math.max(wait, Math.ceil((failed.oldest + SIGN_IN_THROTTLE.windowMs - now) / 1000));
  }
  return wait;
}

/** A failed sign-in, or a bearer token that is no token of the team's: one more in each count. */
export function countFailure(db: Db, counts: Count[], now = Date.now()): Promise<void> {
  return recordFailure(
    db,
    counts.map(([key]) => key),
    now,
    now - SIGN_IN_THROTTLE.windowMs,
  );
}

/** A successful sign-in clears its email's count; the address's count stays. */
export function clearSignInFailures(db: Db, email: string): Promise<void> {
  return clearFailures(db, emailKey(email));
}

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
 *
 * A sign-in is counted as a failure before its password is checked (the check takes a while, by
 * design), and taken back if it succeeds: guesses sent all at once cannot all pass the limit before
 * any of them is counted. A token is checked by a quick lookup, and counted after it.
 */
import { AppError } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import {
  clearFailures,
  failuresAfter,
  forgetAttempt,
  recordAttemptUnlessHeld,
  recordFailure,
  type FailureCount,
} from "@/lib/server/ledger/sign-in-failures";

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
 * `address` null: the address is unknown (a request the server could not note the connection's
 * address of, or fewer forwarding entries than trusted proxies: see `clientAddress`), and every such
 * client shares one count.
 */
const addressKey = (address: string | null): Count => [
  `addr:${address ?? "unknown"}`,
  SIGN_IN_THROTTLE.perAddress,
];

/** The counts a sign-in attempt falls in: its client address's and its email's. */
const signInCounts = (address: string | null, email: string): Count[] => [
  addressKey(address),
  [emailKey(email), SIGN_IN_THROTTLE.perEmail],
];

/** The count a bearer request falls in: its client address's (a token names no email). */
const tokenCounts = (address: string | null): Count[] => [addressKey(address)];

/** The counts' keys. */
const keysOf = (counts: Count[]) => counts.map(([key]) => key);

/**
 * Seconds to wait before another attempt, or 0 when one is allowed now: when a count holds its
 * limit of failures in the window, until its oldest leaves.
 */
function secondsOver(failures: Map<string, FailureCount>, counts: Count[], now: number): number {
  let wait = 0;
  for (const [key, limit] of counts) {
    const failed = failures.get(key);
    if (failed && failed.count >= limit)
      wait = Math.max(wait, Math.ceil((failed.oldest + SIGN_IN_THROTTLE.windowMs - now) / 1000));
  }
  return wait;
}

/** Seconds a bearer request from `address` must wait, or 0 when one is allowed now. */
export async function tokenWaitSeconds(db: Db, address: string | null, now = Date.now()): Promise<number> {
  const counts = tokenCounts(address);
  const failures = await failuresAfter(db, keysOf(counts), now - SIGN_IN_THROTTLE.windowMs);
  return secondsOver(failures, counts, now);
}

/**
 * Refuses (429, with the wait) a token from an address held back for wrong tokens or sign-ins, before
 * the token is looked up; `what` names the kind of token in the message ("API tokens", "links").
 */
export async function assertTokenAllowed(db: Db, address: string | null, what: string): Promise<void> {
  const wait = await tokenWaitSeconds(db, address);
  if (wait > 0) {
    throw new AppError("rate_limited", `Too many wrong ${what} or sign-ins. Wait before trying again.`, {
      retryAfterSeconds: wait,
    });
  }
}

/** A bearer token from `address` that is no token of the team's: one more failure of the address. */
export function countWrongToken(db: Db, address: string | null, now = Date.now()): Promise<void> {
  return recordFailure(db, keysOf(tokenCounts(address)), now, now - SIGN_IN_THROTTLE.windowMs);
}

/** A sign-in under way, counted as failed until it says otherwise. */
export interface SignInAttempt {
  /** The password was right: takes the attempt back, and clears its email's count (not its address's). */
  succeeded(): Promise<void>;
}

/**
 * Starts a sign-in: refuses it (429, with the seconds to wait) when its email's or address's count
 * is at the limit, and otherwise counts it as a failure before the password is checked. Counting
 * and recording are one step, one attempt at a time, so of attempts sent at once no more than the
 * limit get through to the password check.
 */
export async function startSignIn(
  db: Db,
  address: string | null,
  email: string,
  now = Date.now(),
): Promise<SignInAttempt> {
  const counts = signInCounts(address, email);
  const outcome = await recordAttemptUnlessHeld(
    db,
    keysOf(counts),
    now,
    now - SIGN_IN_THROTTLE.windowMs,
    (failures) => secondsOver(failures, counts, now) > 0,
  );
  if ("heldBy" in outcome) {
    throw new AppError("rate_limited", "Too many failed sign-ins. Wait before trying again.", {
      retryAfterSeconds: secondsOver(outcome.heldBy, counts, now),
    });
  }
  return {
    async succeeded() {
      await forgetAttempt(db, outcome.attempt);
      await clearFailures(db, emailKey(email));
    },
  };
}

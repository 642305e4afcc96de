import "server-only";
/**
 * Sign-in throttling: failed attempts are counted in a sliding window per email (whatever the
 * address, and whether or not a member has it) and per client address; past either limit, sign-in
 * answers 429 until the oldest failure leaves the window. The email count is what stops guessing one
 * member's password, since a client can change its apparent address at will. A wrong API token
 * counts as a failure of its client address, in the same count (a token names no email); past the
 * limit, bearer requests from that address answer 429 too. In memory, like the scheduler: one
 * dashboard process serves the team.
 */
import { processSingleton } from "@/lib/server/runtime/process-singleton";

const WINDOW_MS = 15 * 60_000;
const PER_EMAIL = 5;
const PER_ADDRESS = 20;

/** Past this many counted keys, expired ones are swept, so sprayed emails cannot grow the map for ever. */
const SWEEP_ABOVE = 10_000;

/** A count's key and its limit. */
type Count = readonly [key: string, limit: number];

const failures = processSingleton("sign-in-failures", () => new Map<string, number[]>());

function recent(key: string, now: number): number[] {
  const times = (failures.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
  if (times.length === 0) failures.delete(key);
  else failures.set(key, times);
  return times;
}

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;

/**
 * `address` null: the address is unknown (no trusted proxy, see `clientAddress`), and every such
 * client shares one count.
 */
const addressKey = (address: string | null): Count => [`addr:${address ?? "unknown"}`, PER_ADDRESS];

const keys = (address: string | null, email: string): Count[] => [
  addressKey(address),
  [emailKey(email), PER_EMAIL],
];

function waitSeconds(counts: Count[], now: number): number {
  let wait = 0;
  for (const [key, limit] of counts) {
    const times = recent(key, now);
    if (times.length >= limit) wait = Math.max(wait, Math.ceil(((times[0] ?? now) + WINDOW_MS - now) / 1000));
  }
  return wait;
}

function recordFailure(counts: Count[], now: number): void {
  if (failures.size > SWEEP_ABOVE) for (const key of [...failures.keys()]) recent(key, now);
  for (const [key] of counts) failures.set(key, [...recent(key, now), now]);
}

/** Seconds to wait before another attempt, or 0 when one is allowed now. */
export function signInWaitSeconds(address: string | null, email: string, now = Date.now()): number {
  return waitSeconds(keys(address, email), now);
}

/** Seconds a client address waits before a bearer request is looked at, or 0. */
export function tokenWaitSeconds(address: string | null, now = Date.now()): number {
  return waitSeconds([addressKey(address)], now);
}

export function recordSignInFailure(address: string | null, email: string, now = Date.now()): void {
  recordFailure(keys(address, email), now);
}

/** A bearer token that is no token of the team's: counted against its client address. */
export function recordWrongToken(address: string | null, now = Date.now()): void {
  recordFailure([addressKey(address)], now);
}

/** A successful sign-in clears its email's count; the address's count stays. */
export function clearSignInFailures(email: string): void {
  failures.delete(emailKey(email));
}

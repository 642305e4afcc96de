import "server-only";
/**
 * Sign-in throttling: failed attempts are counted in a sliding window per email (whatever the
 * address, and whether or not a member has it) and per client address; past either limit, sign-in
 * answers 429 until the oldest failure leaves the window. The email count is what stops guessing one
 * member's password, since a client can change its apparent address at will. In memory, like the
 * scheduler: one dashboard process serves the team.
 */
import { processSingleton } from "@/lib/server/runtime/process-singleton";

const WINDOW_MS = 15 * 60_000;
const PER_EMAIL = 5;
const PER_ADDRESS = 20;

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
const keys = (address: string | null, email: string) =>
  [
    [`addr:${address ?? "unknown"}`, PER_ADDRESS],
    [emailKey(email), PER_EMAIL],
  ] as const;

/** Seconds to wait before another attempt, or 0 when one is allowed now. */
export function signInWaitSeconds(address: string | null, email: string, now = Date.now()): number {
  let wait = 0;
  for (const [key, limit] of keys(address, email)) {
    const times = recent(key, now);
    if (times.length >= limit) wait = Math.max(wait, Math.ceil(((times[0] ?? now) + WINDOW_MS - now) / 1000));
  }
  return wait;
}

/** Past this many counted keys, expired ones are swept, so sprayed emails cannot grow the map for ever. */
const SWEEP_ABOVE = 10_000;

export function recordSignInFailure(address: string | null, email: string, now = Date.now()): void {
  if (failures.size > SWEEP_ABOVE) for (const key of [...failures.keys()]) recent(key, now);
  for (const [key] of keys(address, email)) failures.set(key, [...recent(key, now), now]);
}

/** A successful sign-in clears its email's count; the address's count stays. */
export function clearSignInFailures(email: string): void {
  failures.delete(emailKey(email));
}

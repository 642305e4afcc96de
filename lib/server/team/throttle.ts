import "server-only";
/**
 * Sign-in throttling: failed attempts are counted per address and per address+email in a sliding
 * window; past the limit, sign-in answers 429 until the oldest failure leaves the window. In memory,
 * like the scheduler: one dashboard process serves the team.
 */
import { processSingleton } from "@/lib/server/runtime/process-singleton";

const WINDOW_MS = 15 * 60_000;
const PER_ACCOUNT = 5;
const PER_ADDRESS = 20;

const failures = processSingleton("sign-in-failures", () => new Map<string, number[]>());

function recent(key: string, now: number): number[] {
  const times = (failures.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
  if (times.length === 0) failures.delete(key);
  else failures.set(key, times);
  return times;
}

const keys = (address: string, email: string) =>
  [
    [`addr:${address}`, PER_ADDRESS],
    [`acct:${address}:${email.toLowerCase()}`, PER_ACCOUNT],
  ] as const;

/** Seconds to wait before another attempt, or 0 when one is allowed now. */
export function signInWaitSeconds(address: string, email: string, now = Date.now()): number {
  let wait = 0;
  for (const [key, limit] of keys(address, email)) {
    const times = recent(key, now);
    if (times.length >= limit) wait = Math.max(wait, Math.ceil(((times[0] ?? now) + WINDOW_MS - now) / 1000));
  }
  return wait;
}

export function recordSignInFailure(address: string, email: string, now = Date.now()): void {
  for (const [key] of keys(address, email)) failures.set(key, [...recent(key, now), now]);
}

export function clearSignInFailures(address: string, email: string): void {
  failures.delete(keys(address, email)[1][0]);
}

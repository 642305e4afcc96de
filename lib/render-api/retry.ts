/**
 * When a failed attempt is tried again, and after how long (after the Stripe and OpenAI SDKs:
 * exponential backoff with jitter, `Retry-After` honoured up to a cap).
 *
 * What may be replayed depends on what the request does, not on the caller's wish:
 * - `idempotent` (GET): a replay cannot change anything, so transient failures are retried.
 * - `unsent-only` (POST with a JSON body, i.e. create render): the service has no idempotency key
 *   (spec §4.2), so a replay could start and charge a second render. Only a failure that provably
 *   happened before the request left (connect refused, DNS) is retried.
 * - `never` (streamed upload): the body is consumed as it is sent and cannot be read again.
 */
import type { RenderServiceError } from "./errors";

export type ReplayPolicy = "idempotent" | "unsent-only" | "never";

export const RETRY_DEFAULTS = {
  maxRetries: 2,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  /** A longer `Retry-After` is not waited out inside one call: the error goes back to the caller. */
  maxRetryAfterSeconds: 60,
} as const;

/**
 * Answers worth another GET. 500 is included as both SDKs do: a replayed GET costs nothing but a
 * request. 501/505 and other 5xx are answers that will not change.
 */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryable(error: RenderServiceError, policy: ReplayPolicy): boolean {
  switch (policy) {
    case "never":
      return false;
    case "unsent-only":
      return !error.mayHaveReachedService && error.code === "network_error";
    case "idempotent":
      if (error.status === 0) return error.code === "network_error" || error.code === "timeout";
      return RETRYABLE_STATUSES.has(error.status);
  }
}

/** "Full jitter": uniform in [0, min(max, base·2^attempt)], which spreads retries of many clients. */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_DEFAULTS.maxDelayMs, RETRY_DEFAULTS.baseDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

/**
 * The delay before retry number `attempt + 1` (attempt counts from 0), or undefined when the error
 * is final: not retryable under the policy, retries used up, or a `Retry-After` beyond the cap.
 */
export function retryDelayMs(
  error: RenderServiceError,
  policy: ReplayPolicy,
  attempt: number,
  maxRetries: number,
  random: () => number = Math.random,
): number | undefined {
  if (attempt >= maxRetries || !isRetryable(error, policy)) return undefined;
  if (error.retryAfterSeconds === undefined) return backoffDelayMs(attempt, random);
  if (error.retryAfterSeconds > RETRY_DEFAULTS.maxRetryAfterSeconds) return undefined;
  return error.retryAfterSeconds * 1000;
}

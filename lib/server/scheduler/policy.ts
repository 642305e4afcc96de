/**
 * When to poll a render next: the whole scheduling policy, as pure functions of time and estimate.
 *
 * - Trusted estimate: poll once just after the expected completion (plus half the spread), where
 *   most renders are done, so most cost one poll; a render not done by then is polled once more
 *   where nearly every render is (two spreads past the expectation), so the rest cost two and none
 *   waits long; beyond that, back off.
 * - No trusted estimate yet: probe early and back off geometrically, which finds the service's real
 *   speed within a few polls whether it is far faster or slower than typical.
 * - Stitched chains: once a poll has seen a chain's progress (a watched render, or one polled before
 *   it finished), aim at each next clip's expected completion, so progress shows clip by clip. The
 *   first poll ignores clips: planning every clip of every chain would cost a poll per clip.
 */
import type { CompletionEstimate } from "@/lib/domain/timing";

const MIN_INTERVAL_MS = 250;
const MAX_INTERVAL_MS = 60_000;
const BACKOFF = 1.5;
const PROBE_GROWTH = 1.6;
/** A render someone is looking at is polled at least this often. */
export const WATCHED_INTERVAL_MS = 10_000;

export interface PollState {
  createdAtMs: number;
  nowMs: number;
  estimate: CompletionEstimate;
  /** Polls since the last observed change. */
  unchangedPolls: number;
  chain?: { ready: number; total: number } | null;
  watched?: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** First probe delay of an untrusted estimate: early enough to catch a much faster service. */
function probeDelayMs(expectedSeconds: number): number {
  return clamp(expectedSeconds * 50, 1_000, 10_000);
}

/** When to poll next, in whole milliseconds (the ledger stores them as integers). */
export function nextPollAt(state: PollState): number {
  const { createdAtMs, nowMs, estimate, unchangedPolls, chain, watched } = state;
  let at: number;
  if (!estimate.confident) {
    const delay = probeDelayMs(estimate.expectedSeconds) * PROBE_GROWTH ** unchangedPolls;
    at = nowMs + clamp(delay, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
  } else {
    const fraction = chain && chain.total > 1 ? Math.min(1, (chain.ready + 1) / chain.total) : 1;
    const after = (spreads: number) =>
      createdAtMs + (estimate.expectedSeconds + spreads * estimate.devSeconds) * fraction * 1000;
    const target = [after(0.5), after(2)].find((t) => t > nowMs);
    if (target !== undefined) {
      at = Math.max(target, nowMs + MIN_INTERVAL_MS);
    } else {
      const step = Math.max(estimate.devSeconds, 0.1 * estimate.expectedSeconds) * 1000;
      at = nowMs + clamp(step * BACKOFF ** unchangedPolls, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
    }
  }
  return Math.ceil(watched ? Math.min(at, nowMs + WATCHED_INTERVAL_MS) : at);
}

/** Retry delay after a failed poll (5xx, network): doubling, capped. */
export function errorRetryAt(nowMs: number, errorPolls: number): number {
  return nowMs + Math.min(MAX_INTERVAL_MS, 2_000 * 2 ** Math.max(0, errorPolls - 1));
}

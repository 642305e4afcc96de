/**
 * The outbox of messages that leave the dashboard (docs/architecture.md, "The outbox"): one message
 * per event, channel and recipient, named by a key that each attempt carries, so a receiver can drop
 * the one repeat a crash mid-send may cause.
 */
/** The ways out beside the inbox, which always holds every item. */
export const OUTBOX_CHANNELS = ["email", "push", "chat"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * The message's key: the event (what made it, e.g. `render:<id>:finished`), the channel and the
 * recipient (a member id, a push subscription id, or `team` for the team's chat).
 */
export function outboxKey(event: string, channel: OutboxChannel, recipient: string): string {
  return `${event}|${channel}|${recipient}`;
}

/**
 * Retries: 30 s after the first failure, doubling to at most 30 minutes between attempts, for a day
 * after the message was queued (a message a day late tells nobody anything new).
 */
export const OUTBOX_RETRY = {
  firstDelayMs: 30_000,
  maxDelayMs: 30 * 60_000,
  maxAgeMs: 24 * 3_600_000,
};

/** The wait before the next attempt after `failedAttempts` failed ones (30 s, 1 min, 2 min…, capped). */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(OUTBOX_RETRY.maxDelayMs, OUTBOX_RETRY.firstDelayMs * 2 ** Math.max(0, failedAttempts - 1));
}

/** Whether a message first queued at `queuedAtMs` is given up at `nowMs` rather than tried again. */
export const givesUp = (queuedAtMs: number, nowMs: number): boolean =>
  nowMs - queuedAtMs >= OUTBOX_RETRY.maxAgeMs;

/**
 * The outbox of messages that leave the dashboard (docs/architecture.md, "The outbox"): one message
 * per event, channel and recipient, named by a key that each attempt carries, so a receiver can drop
 * the one repeat a crash mid-send may cause.
 */
import type { WEBHOOK_RETRY } from "./alerts";

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
export const OUTBOX_RETRY: typeof WEBHOOK_RETRY = {
  firstDelayMs: 30_000,
  maxDelayMs: 30 * 60_000,
  maxAttempts: Number.POSITIVE_INFINITY,
  maxAgeMs: 24 * 3_600_000,
};

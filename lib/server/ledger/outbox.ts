import "server-only";
/**
 * The outbox (migration 023; docs/architecture.md, "The outbox"): messages for email, web push and the
 * team's chat, queued where their event is recorded (inside its transaction when there is one), one
 * per key, and sent by the deployment's leader (lib/server/outbox/sender.ts).
 */
import type { OutboxChannel } from "@/lib/domain/outbox";
import { outboxKey } from "@/lib/domain/outbox";
import type { Db } from "@/lib/server/db/database";
import type { OutboxRow } from "@/lib/server/db/schema";

export interface NewOutboxMessage {
  /** What made it (`render:<id>:finished`, `inbox:<item id>`…): with channel and recipient, its key. */
  event: string;
  channel: OutboxChannel;
  recipient: string;
  /** The event's kind, for a recipient's choices and a digest's grouping. */
  kind: string;
  /** What the channel's transport sends, as JSON. */
  body: unknown;
}

/** Queues messages; one whose key is already queued (the same event seen again) is left as it is. */
export async function queueOutbox(
  db: Db,
  messages: readonly NewOutboxMessage[],
  nowMs = Date.now(),
): Promise<number> {
  if (messages.length === 0) return 0;
  const result = await db
    .insertInto("outbox")
    .values(
      messages.map((m) => ({
        key: outboxKey(m.event, m.channel, m.recipient),
        channel: m.channel,
        recipient: m.recipient,
        kind: m.kind,
        body: JSON.stringify(m.body),
        queued_at: nowMs,
        next_attempt_at: nowMs,
        sent_at: null,
        gave_up_at: null,
        last_error: null,
      })),
    )
    .onConflict((c) => c.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

const pending = (db: Db) =>
  db.selectFrom("outbox").where("sent_at", "is", null).where("gave_up_at", "is", null);

/** Messages due at `nowMs`, oldest first. */
export async function dueOutbox(db: Db, nowMs: number, limit: number): Promise<OutboxRow[]> {
  return pending(db)
    .selectAll()
    .where("next_attempt_at", "<=", nowMs)
    .orderBy("next_attempt_at")
    .orderBy("key")
    .limit(limit)
    .execute();
}

/** When the next pending message is due (ms), or null when none is pending. */
export async function nextOutboxAt(db: Db): Promise<number | null> {
  const row = await pending(db)
    .select((eb) => eb.fn.min("next_attempt_at").as("at"))
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/**
 * Takes a due message for one attempt by moving its next attempt to `untilMs`, past the attempt's
 * timeout, so nobody sends it meanwhile and a crash mid-attempt leaves it to be sent again then.
 * False when another pass took it first.
 */
export async function claimOutbox(db: Db, row: OutboxRow, untilMs: number): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ next_attempt_at: untilMs })
    .where("key", "=", row.key)
    .where("next_attempt_at", "=", row.next_attempt_at)
    .where("sent_at", "is", null)
    .where("gave_up_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The outcome of one attempt: sent, tried again at `retryAtMs`, or given up (`retryAtMs` null; also
 * when the recipient is gone, such as a push subscription its service no longer knows).
 */
export async function settleOutbox(
  db: Db,
  key: string,
  outcome: { ok: true; atMs: number } | { ok: false; atMs: number; error: string; retryAtMs: number | null },
): Promise<void> {
  await db
    .updateTable("outbox")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      ...(outcome.ok
        ? { sent_at: outcome.atMs, last_error: null }
        : outcome.retryAtMs === null
          ? { gave_up_at: outcome.atMs, last_error: outcome.error }
          : { next_attempt_at: outcome.retryAtMs, last_error: outcome.error }),
    }))
    .where("key", "=", key)
    .execute();
}

/** One message as the ledger holds it (tests and the digest read it). */
export async function outboxMessage(db: Db, key: string): Promise<OutboxRow | undefined> {
  return db.selectFrom("outbox").selectAll().where("key", "=", key).executeTakeFirst();
}

/**
 * The outbox on the ledger: one message per event, channel and recipient however often it is queued;
 * the leader's sender delivers it to the team's chat with its key, retries a failure with backoff and
 * gives up a day after it was queued; a process that does not lead sends nothing.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { OUTBOX_RETRY, outboxKey } from "@/lib/domain/outbox";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { NotLeaderError } from "@/lib/server/cluster/member";
import { outboxMessage, queueOutbox, type NewOutboxMessage } from "@/lib/server/ledger/outbox";
import { chatTransport } from "@/lib/server/outbox/chat";
import { OutboxSender } from "@/lib/server/outbox/sender";
import { startReceiver } from "@/test/http-receiver";
import { newLedgerUrl } from "@/test/server-stack";

let url: string;
let db: Db;
beforeAll(async () => {
  url = await newLedgerUrl();
  db = await getDb(url);
});
afterAll(() => closeDb(url));

const message = (event: string, overrides: Partial<NewOutboxMessage> = {}): NewOutboxMessage => ({
  event,
  channel: "chat",
  recipient: "team",
  kind: "render_failed",
  body: { text: `${event} happened` },
  ...overrides,
});

/** One pass of the sender, at the clock its `now` gives. */
const sendOnce = (sender: OutboxSender) => sender.pass();

test("an event queued twice is one message; another channel or recipient is another", async () => {
  const event = `render:${crypto.randomUUID()}:failed`;
  expect(await queueOutbox(db, [message(event)])).toBe(1);
  expect(await queueOutbox(db, [message(event), message(event)])).toBe(0);
  expect(
    await queueOutbox(db, [
      message(event, { channel: "email", recipient: "mem_a" }),
      message(event, { recipient: "other" }),
    ]),
  ).toBe(2);
  const row = await outboxMessage(db, outboxKey(event, "chat", "team"));
  expect(row).toMatchObject({ channel: "chat", recipient: "team", attempts: 0, sent_at: null });
  expect(JSON.parse(row?.body ?? "")).toEqual(message(event).body);
});

test("the sender delivers to the chat with the message's key; a failure is retried with backoff, and given up after a day", async () => {
  let failing = true;
  const receiver = await startReceiver(() => (failing ? 500 : 200));
  // A week ago, so what the other tests queued now is not due for this one.
  let now = Date.now() - 7 * OUTBOX_RETRY.maxAgeMs;
  const sender = new OutboxSender({
    db,
    transports: { chat: chatTransport(`${receiver.url}/hook`) },
    now: () => now,
    log: () => undefined,
  });
  try {
    const [kept, dropped] = [`render:${crypto.randomUUID()}:failed`, `render:${crypto.randomUUID()}:failed`];
    await queueOutbox(db, [message(kept)], now);
    await queueOutbox(db, [message(dropped)], now);
    await sendOnce(sender);
    expect(receiver.received).toHaveLength(2);
    const keyed = await outboxMessage(db, outboxKey(kept, "chat", "team"));
    expect(keyed).toMatchObject({
      attempts: 1,
      sent_at: null,
      next_attempt_at: now + OUTBOX_RETRY.firstDelayMs,
    });

    // Nothing is due before the backoff has passed.
    await sendOnce(sender);
    expect(receiver.received).toHaveLength(2);

    // The receiver is back: the kept message arrives, with its key and its text.
    now += OUTBOX_RETRY.firstDelayMs;
    failing = false;
    await queueOutbox(db, [message(dropped)], now);
    await sendOnce(sender);
    const arrivals = receiver.received.slice(2);
    expect(arrivals.map((r) => r.headers["idempotency-key"]).toSorted()).toEqual(
      [outboxKey(kept, "chat", "team"), outboxKey(dropped, "chat", "team")].toSorted(),
    );
    expect(JSON.parse(arrivals[0]!.body.toString("utf8"))).toHaveProperty("text");
    expect((await outboxMessage(db, outboxKey(kept, "chat", "team")))?.sent_at).toBe(now);

    // A day after it was queued, a message still failing is given up.
    const late = `render:${crypto.randomUUID()}:failed`;
    await queueOutbox(db, [message(late)], now);
    failing = true;
    await sendOnce(sender);
    now += OUTBOX_RETRY.maxAgeMs;
    await sendOnce(sender);
    const given = await outboxMessage(db, outboxKey(late, "chat", "team"));
    expect(given).toMatchObject({
      attempts: 2,
      sent_at: null,
      gave_up_at: now,
      last_error: "Error: HTTP 500",
    });
    const before = receiver.received.length;
    now += OUTBOX_RETRY.maxDelayMs;
    await sendOnce(sender);
    expect(receiver.received).toHaveLength(before);
  } finally {
    await receiver.close();
  }
});

test("a process that does not lead claims nothing and sends nothing", async () => {
  const receiver = await startReceiver();
  const event = `render:${crypto.randomUUID()}:failed`;
  await queueOutbox(db, [message(event)]);
  const sender = new OutboxSender({
    db,
    transports: { chat: chatTransport(receiver.url) },
    asLeader: () => Promise.reject(new NotLeaderError()),
    log: () => undefined,
  });
  try {
    await sendOnce(sender);
    expect(receiver.received).toHaveLength(0);
    expect(await outboxMessage(db, outboxKey(event, "chat", "team"))).toMatchObject({
      attempts: 0,
      sent_at: null,
    });
  } finally {
    await receiver.close();
  }
});

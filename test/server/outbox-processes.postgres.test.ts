/**
 * The outbox of a PostgreSQL deployment of three replicas: the leader is killed (SIGKILL) while a
 * message is on its way, a standby takes over and sends the rest. Every message arrives at least
 * once and at most twice, and the one that arrives twice carries the same key both times.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect, test } from "vitest";
import { outboxKey } from "@/lib/domain/outbox";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { queueOutbox } from "@/lib/server/ledger/outbox";
import { startReceiver } from "@/test/http-receiver";
import { newLedgerUrl } from "@/test/server-stack";

const ROOT = path.join(import.meta.dirname, "..", "..");
const MESSAGES = 12;
/** The request the receiver holds unanswered: the leader is killed while it waits for the answer. */
const HELD = 4;
/** What a replica prints on a line of its own once it leads. */
const LEADING = "outbox replica leads";

let url = "";
const replicas: ChildProcess[] = [];
afterAll(async () => {
  for (const replica of replicas)
    if (replica.exitCode === null && replica.signalCode === null) replica.kill("SIGTERM");
  await Promise.all(
    replicas.map((r) =>
      r.exitCode === null && r.signalCode === null ? new Promise((ok) => r.once("exit", ok)) : null,
    ),
  );
  await closeDb(url);
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await sleep(50);
  }
}

async function unsent(db: Db): Promise<number> {
  const rows = await db.selectFrom("outbox").select("key").where("sent_at", "is", null).execute();
  return rows.length;
}

test("a leader killed mid-send: each message arrives once or twice, a repeat with the same key", async () => {
  url = await newLedgerUrl();
  const db = await getDb(url);
  let held: () => void = () => undefined;
  const heldArrived = new Promise<void>((resolve) => (held = resolve));
  const receiver = await startReceiver((_request, index) => {
    if (index !== HELD) return 200;
    held();
    return "hold";
  });
  try {
    /** The replicas in the order they took the lead. */
    const leaders: ChildProcess[] = [];
    for (let i = 0; i < 3; i++) {
      const replica = spawn(
        // Node itself with tsx's loader, not tsx's command (which runs the script in a child process
        // of its own that a SIGKILL of the command would leave running).
        process.execPath,
        ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "test", "outbox-replica.ts")],
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url, CHAT_URL: `${receiver.url}/hook`, LEADING_LINE: LEADING },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      replica.stdout?.on("data", (chunk: Buffer) => {
        // The cluster logs its own lines to stdout too.
        if (chunk.toString("utf8").split("\n").includes(LEADING)) leaders.push(replica);
      });
      replicas.push(replica);
    }
    await until(() => leaders.length === 1);

    const events = Array.from({ length: MESSAGES }, (_, i) => `render:r${i}:failed`);
    await queueOutbox(
      db,
      events.map((event) => ({
        event,
        channel: "chat",
        recipient: "team",
        kind: "render_failed",
        body: { text: event },
      })),
    );
    await heldArrived;
    const killed = leaders[0]!;
    killed.kill("SIGKILL");
    await until(() => leaders.length === 2);
    expect(leaders[1]).not.toBe(killed);
    await until(async () => (await unsent(db)) === 0);

    const counts = new Map<string, number>();
    for (const { headers } of receiver.received) {
      const key = String(headers["idempotency-key"]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const keys = events.map((event) => outboxKey(event, "chat", "team"));
    expect([...counts.keys()].toSorted()).toEqual(keys.toSorted());
    for (const key of keys) expect(counts.get(key)).toBeGreaterThanOrEqual(1);
    for (const key of keys) expect(counts.get(key)).toBeLessThanOrEqual(2);
    // The message on its way when the leader died is the one that came twice, both times with its key.
    const heldKey = String(receiver.received[HELD]!.headers["idempotency-key"]);
    expect(counts.get(heldKey)).toBe(2);
    expect([...counts.values()].filter((n) => n === 2)).toHaveLength(1);
  } finally {
    await receiver.close();
  }
});

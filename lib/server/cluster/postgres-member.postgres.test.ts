/**
 * The members of a PostgreSQL deployment, each on a connection of its own to one real server (as
 * separate processes would be): one leader at a time, a takeover when it leaves or its connection is
 * cut, the poll log written only by the leader, and crash recovery limited to a gone member's creates.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { logPoll } from "@/lib/server/ledger/polling";
import {
  beginRequest,
  completeRequest,
  failRequest,
  markInterruptedRequests,
} from "@/lib/server/ledger/renders";
import type { CreateRenderResponse } from "@/lib/render-api";
import { newLedgerUrl } from "@/test/server-stack";
import { NotLeaderError, type LeaderDuty } from "./member";
import { PostgresMember } from "./postgres-member";

let url: string;
let db: Db;
const members: PostgresMember[] = [];

beforeAll(async () => {
  url = await newLedgerUrl();
  db = await getDb(url);
});
// Each test's members stop after it, passed or failed: one left leading would hold the lock the
// next test's members campaign for.
afterEach(async () => {
  await Promise.all(members.splice(0).map((m) => m.stop()));
});
afterAll(async () => {
  await closeDb(url);
});

async function join(): Promise<PostgresMember> {
  const member = await PostgresMember.join(url, db);
  members.push(member);
  return member;
}

/** A duty that records its transitions. */
function recorder(): LeaderDuty & { steps: string[] } {
  const steps: string[] = [];
  return {
    steps,
    lead: async () => void steps.push("lead"),
    standDown: async () => void steps.push("standDown"),
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await sleep(25);
  }
  return Date.now() - started;
}

/** Samples the members' leadership until stopped, recording any moment two led at once. */
function watchLeaders(all: readonly PostgresMember[]) {
  let both = 0;
  const timer = setInterval(() => {
    if (all.filter((m) => m.leading).length > 1) both++;
  }, 10);
  return { stop: () => (clearInterval(timer), both) };
}

test("one of two members leads; when it leaves, the other takes over, never both at once", async () => {
  const [a, b] = [await join(), await join()];
  const duties = [recorder(), recorder()];
  await a.addDuty(duties[0]!);
  await b.addDuty(duties[1]!);
  await until(() => a.leading || b.leading);
  const watch = watchLeaders([a, b]);
  const [leader, standby] = a.leading ? [a, b] : [b, a];
  const [leaderDuty, standbyDuty] = a.leading ? duties : [...duties].reverse();
  expect(standby.leading).toBe(false);
  expect(leaderDuty!.steps).toEqual(["lead"]);
  expect(standbyDuty!.steps).toEqual([]);
  expect(await leader.aliveMembers()).toEqual(new Set([a.id, b.id]));

  await expect(standby.asLeader(async () => "written")).rejects.toBeInstanceOf(NotLeaderError);
  await expect(leader.asLeader(async () => "written")).resolves.toBe("written");

  await leader.stop();
  expect(leaderDuty!.steps).toEqual(["lead", "standDown"]);
  const takeoverMs = await until(() => standby.leading);
  console.info(`takeover after a leader left: ${takeoverMs} ms`);
  expect(takeoverMs).toBeLessThan(15_000);
  expect(standbyDuty!.steps).toEqual(["lead"]);
  expect(await standby.aliveMembers()).toEqual(new Set([standby.id]));
  expect(watch.stop()).toBe(0);
  await standby.stop();
});

test("a leader whose connection is cut stands down at once; the other takes over; it rejoins as a standby", async () => {
  const [a, b] = [await join(), await join()];
  await until(() => a.leading || b.leading);
  const watch = watchLeaders([a, b]);
  const [leader, standby] = a.leading ? [a, b] : [b, a];

  // The server ends the leader's session, as a restarted database or a network cut would.
  const cutAt = Date.now();
  await sql`
    select pg_terminate_backend(pid) from pg_locks
    where locktype = 'advisory' and objsubid = 2 and objid = ${Number(leader.id)}
  `.execute(db);
  await until(() => !leader.leading, 5_000);
  await until(() => standby.leading);
  const takeoverMs = Date.now() - cutAt;
  console.info(`takeover after the leader's connection was cut: ${takeoverMs} ms`);
  expect(takeoverMs).toBeLessThan(15_000);
  // It comes back under the same id (its creates keep their owner), standing by.
  await until(async () => (await standby.aliveMembers()).has(leader.id));
  expect(leader.leading).toBe(false);
  expect(watch.stop()).toBe(0);
  await Promise.all([a.stop(), b.stop()]);
});

test("a leader that resigns (shutting down) hands the lead over while it stays a live member", async () => {
  const [a, b] = [await join(), await join()];
  await until(() => a.leading || b.leading);
  const [leader, standby] = a.leading ? [a, b] : [b, a];
  const duty = recorder();
  await leader.addDuty(duty);
  await leader.resign();
  expect(duty.steps).toEqual(["lead", "standDown"]);
  await expect(leader.asLeader(async () => "written")).rejects.toBeInstanceOf(NotLeaderError);
  await until(() => standby.leading);
  // Still alive: the creates it is finishing are not taken for a dead process's.
  expect(await standby.aliveMembers()).toEqual(new Set([a.id, b.id]));
  // And it never leads again, though the lock comes free.
  await standby.stop();
  await sleep(2_500);
  expect(leader.leading).toBe(false);
  await leader.stop();
});

test("the poll log is written through the leader's own connection, and refused to a standby", async () => {
  const [a, b] = [await join(), await join()];
  await until(() => a.leading || b.leading);
  const [leader, standby] = a.leading ? [a, b] : [b, a];
  const at = Date.now();
  await leader.asLeader((leaderDb) => logPoll(leaderDb, { renderId: "rnd_led", at }, at - 60_000));
  await expect(
    standby.asLeader((leaderDb) => logPoll(leaderDb, { renderId: "rnd_standby", at }, at - 60_000)),
  ).rejects.toBeInstanceOf(NotLeaderError);
  const logged = await db.selectFrom("poll_log").select("render_id").where("polled_at", "=", at).execute();
  expect(logged).toEqual([{ render_id: "rnd_led" }]);
  await Promise.all([a.stop(), b.stop()]);
});

test("crash recovery marks only the creates of a member that is gone", async () => {
  const [a, b] = [await join(), await join()];
  const begin = (id: string, owner: string | null) =>
    beginRequest(db, {
      id,
      idempotencyKey: null,
      bodyHash: id,
      request: { kind: "image", prompt: id },
      timingKey: "image",
      expectedSeconds: 30,
      madeBy: null,
      owner,
    });
  await begin("req_of_a", a.id);
  await begin("req_of_b", b.id);
  await begin("req_of_nobody", null);
  await a.stop();

  expect(await markInterruptedRequests(db, () => b.aliveMembers())).toBe(2);
  const states = await db
    .selectFrom("render_requests")
    .select(["id", "state"])
    .where("id", "in", ["req_of_a", "req_of_b", "req_of_nobody"])
    .orderBy("id")
    .execute();
  expect(states).toEqual([
    { id: "req_of_a", state: "unknown" },
    { id: "req_of_b", state: "submitting" },
    { id: "req_of_nobody", state: "unknown" },
  ]);

  // A create that completes between the sweep's read and its write stays created.
  await completeRequest(db, "req_of_b", createdResponse("rnd_of_b"), Date.now());
  await failRequest(db, "req_of_b", "unknown", { error: { code: "upstream_timeout", message: "late mark" } });
  const completed = await db
    .selectFrom("render_requests")
    .select(["state", "error"])
    .where("id", "=", "req_of_b")
    .executeTakeFirstOrThrow();
  expect(completed).toEqual({ state: "created", error: null });
  // And one that completes after it was marked (its process was only cut off) is created after all.
  await completeRequest(db, "req_of_a", createdResponse("rnd_of_a"), Date.now());
  expect(
    await db
      .selectFrom("render_requests")
      .select(["state", "error"])
      .where("id", "=", "req_of_a")
      .executeTakeFirst(),
  ).toEqual({ state: "created", error: null });
  await b.stop();
});

/** The service's answer to an image create, as the scheduler's track() records it. */
function createdResponse(id: string): CreateRenderResponse {
  return {
    id,
    ids: [id],
    batchId: null,
    kind: "image",
    status: "queued",
    renderModel: "seedream",
    creditsCharged: 1,
  };
}

/**
 * The poll budget across a change of leader, on a real PostgreSQL and the real simulator: the new
 * leader starts from the polls the old one logged, so together they never pass the budget within a
 * minute, whichever process sent them.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { RenderRequest } from "@/lib/domain/render-request";
import { createRenderServiceClient } from "@/lib/render-api";
import { PostgresMember } from "@/lib/server/cluster/postgres-member";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { beginRequest } from "@/lib/server/ledger/renders";
import { startSimulator, type RunningSimulator } from "@/simulator/server";
import { newLedgerUrl, TEAM_KEY } from "@/test/server-stack";
import { PollScheduler } from "./scheduler";

/** Small, so the first leader spends it all at once. */
const BUDGET = 6;

let simulator: RunningSimulator;
let url: string;
let db: Db;
const members: PostgresMember[] = [];

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, timeScale: 0.5 });
  url = await newLedgerUrl();
  db = await getDb(url);
});
afterAll(async () => {
  await Promise.all(members.map((m) => m.stop()));
  await closeDb(url);
  await simulator.close();
});

const client = () => createRenderServiceClient({ baseUrl: simulator.url, apiKey: TEAM_KEY });

async function stats() {
  const response = await fetch(`${simulator.url}/__sim/stats`);
  return (await response.json()) as { polls: { total: number; maxInAnyMinute: number; rateLimited: number } };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(25);
  }
}

/** A process: a member of the deployment and its scheduler, a duty led once the member leads. */
async function startProcess() {
  const member = await PostgresMember.join(url, db);
  members.push(member);
  const scheduler = new PollScheduler({
    db,
    member,
    client: client(),
    budgetPerMinute: BUDGET,
    unansweredPollCountsForMs: 35_000,
  });
  await scheduler.start();
  await member.addDuty(scheduler);
  return { member, scheduler };
}

test("a new leader counts the polls the old one sent: no poll until the window allows, none over the budget", async () => {
  const first = await startProcess();
  await until(() => first.member.leading);
  // Ten renders that take minutes: each would be polled again and again if the budget allowed.
  for (let i = 0; i < 10; i++) {
    const request: RenderRequest = {
      kind: "video",
      model: "kling",
      durationSeconds: 10,
      prompt: `failover ${i}`,
    };
    const row = await beginRequest(db, {
      id: `req_failover_${i}`,
      idempotencyKey: null,
      bodyHash: `failover ${i}`,
      request,
      ...first.scheduler.expect(request),
      madeBy: null,
      owner: first.member.id,
    });
    const response = await client().createRender(request);
    await first.scheduler.track({ requestId: row.id, request, createdAt: row.created_at, response });
  }
  await until(async () => (await stats()).polls.total === BUDGET);

  const second = await startProcess();
  expect(second.member.leading).toBe(false);
  await first.member.stop();
  // Elected, then leading once its scheduler has read the log.
  await until(async () => (await second.scheduler.status()).leader);
  const status = await second.scheduler.status();
  expect(status).toMatchObject({ leader: true, pollsInLastMinute: BUDGET, budgetPerMinute: BUDGET });

  // Renders are due, but the minute is spent: the new leader waits.
  await sleep(3_000);
  const after = await stats();
  expect(after.polls.total).toBe(BUDGET);
  expect(after.polls.maxInAnyMinute).toBeLessThanOrEqual(BUDGET);
  expect(after.polls.rateLimited).toBe(0);
});

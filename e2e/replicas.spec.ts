/**
 * Three production servers on one PostgreSQL database behind a round-robin proxy behave as one
 * dashboard: five clients create sixty renders while the scheduler's leader is killed with SIGKILL.
 * Nothing is lost or charged twice, every render ends, the polls of all three together stay within
 * the budget, a standby leads within 15 s, and a render finished by the leader reaches a stream on
 * another replica within 2 s.
 */
import { expect, test } from "@playwright/test";
import { E2E_PORTS } from "./ports";
import { startReplicaCluster, type ReplicaCluster } from "./replica-cluster";
import { RENDERS_PER_WAVE, runReplicaWorkload, summarize } from "./replica-run";

/** The limits: a standby leads within 15 s; a finished render reaches other replicas within 2 s. */
const FAILOVER_LIMIT_MS = 15_000;
const FAN_OUT_LIMIT_MS = 2_000;

let cluster: ReplicaCluster | undefined;
// Hooks run even when the test times out, unlike a finally block inside it.
test.afterEach(() => cluster?.stop());

test("3 replicas on PostgreSQL, the leader killed mid-run: 60 renders end, none lost or charged twice, polls within budget", async () => {
  test.setTimeout(300_000);
  cluster = await startReplicaCluster({
    cwd: process.cwd(),
    simulatorPort: E2E_PORTS.replicasSimulator,
    proxyPort: E2E_PORTS.replicasProxy,
    replicaPorts: E2E_PORTS.replicas,
  });
  const run = await runReplicaWorkload(cluster);
  const { stats, duplicate } = run;
  const summary = summarize(run);
  const note = (type: string, description: string) => test.info().annotations.push({ type, description });
  note(
    "failover",
    `replica ${run.killed + 1} killed; ` +
      (run.newLeader === null
        ? "no standby took over"
        : `replica ${run.newLeader + 1} led after ${summary.failoverSeconds} s`),
  );
  note("fan-out", `max ${summary.fanOutMaxMs} ms over ${run.fanOut.latenciesMs.length} finished renders`);
  note(
    "polls",
    `${stats.polls.total} for ${summary.finished} finished renders (${summary.pollsPerFinishedRender.toFixed(2)} each); ` +
      `at most ${stats.polls.maxInAnyMinute} in a minute, budget ${run.budgetPerMinute}`,
  );

  // Every check is reported, so one failing run says all that went wrong.
  expect.soft(run.answers, "every client's create answered").toHaveLength(2 * RENDERS_PER_WAVE);
  expect.soft(duplicate[1].requestId, "one key on two replicas: one request").toBe(duplicate[0].requestId);
  expect.soft(duplicate[1].ids).toEqual(duplicate[0].ids);
  // Neither is told to come back later: the replica that lost the race waits for the other's create.
  expect
    .soft(
      duplicate.map((answer) => answer.retries),
      "both answered at the first try",
    )
    .toEqual([0, 0]);
  expect.soft(run.mostLeaders, "never two leaders").toBe(1);
  expect.soft(summary.failoverSeconds, "a standby took over").not.toBeNull();
  expect.soft((summary.failoverSeconds ?? Infinity) * 1000).toBeLessThanOrEqual(FAILOVER_LIMIT_MS);

  expect.soft(summary.doubleCharges, "one upstream create per request answered").toBe(0);
  expect.soft(summary.lost, "every render the service made is in the ledger").toEqual([]);
  expect.soft(summary.unfinished, "every render reached ready or failed").toEqual([]);
  expect.soft(summary.ledgerCredits, "the ledger's charges are the service's").toBe(summary.serviceCredits);

  expect
    .soft(stats.polls.maxInAnyMinute, "polls of all replicas in any 60 s")
    .toBeLessThanOrEqual(run.budgetPerMinute);
  expect.soft(stats.polls.rateLimited, "no poll refused by the service").toBe(0);

  expect.soft(run.fanOut.missed, "every finished render reached a non-leader's stream").toEqual([]);
  expect.soft(summary.fanOutMaxMs, "leader → another replica's stream").toBeLessThanOrEqual(FAN_OUT_LIMIT_MS);
});

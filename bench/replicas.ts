/**
 * Replicas: the replica test's run (e2e/replica-run.ts) on the benchmark's build: three production
 * servers on one fresh PostgreSQL database behind a round-robin proxy, five clients creating sixty
 * renders, the scheduler's leader killed with SIGKILL between two waves. It reports the polls all
 * replicas together spent per finished render and how long the dashboard went without a leader.
 */
import { openSync } from "node:fs";
import { startReplicaCluster } from "@/e2e/replica-cluster";
import { CLIENTS, RENDERS_PER_WAVE, runReplicaWorkload, summarize } from "@/e2e/replica-run";
import type { BenchResult } from "./report";
import { BUILD_DIR, logPath, PORTS } from "./servers";
import { round } from "./stats";

const FAILOVER_TARGET_S = 15;
const FAN_OUT_TARGET_MS = 2_000;

export async function runReplicas(): Promise<BenchResult> {
  const cluster = await startReplicaCluster({
    cwd: BUILD_DIR,
    simulatorPort: PORTS.replicasSimulator,
    proxyPort: PORTS.replicasProxy,
    replicaPorts: PORTS.replicas,
    logFile: (name) => openSync(logPath(`replicas-${name}`), "w"),
  });
  try {
    const run = await runReplicaWorkload(cluster);
    const summary = summarize(run);
    const { polls } = run.stats;
    return {
      figures: {
        renders: run.stats.renders.length,
        finished: summary.finished,
        polls: polls.total,
        pollsPerFinishedRender: round(summary.pollsPerFinishedRender),
        maxInAnyMinute: polls.maxInAnyMinute,
        rateLimited: polls.rateLimited,
        budgetPerMinute: run.budgetPerMinute,
        failoverSeconds: summary.failoverSeconds,
        fanOutMaxMs: summary.fanOutMaxMs,
        lost: summary.lost.length,
        doubleCharges: summary.doubleCharges,
        unfinished: summary.unfinished.length,
        proxyFailovers: run.proxyFailovers,
        seconds: round(run.seconds, 1),
      },
      rows: [
        {
          figure: "upstream polls per finished render, all replicas together",
          dashboard: round(summary.pollsPerFinishedRender),
          baseline: null,
          ratio: null,
        },
        {
          figure: "most polls in any rolling minute; 429s received",
          dashboard: `${polls.maxInAnyMinute}; ${polls.rateLimited}`,
          baseline: null,
          ratio: null,
          target: `≤ ${run.budgetPerMinute}; 0`,
          met: polls.maxInAnyMinute <= run.budgetPerMinute && polls.rateLimited === 0,
        },
        {
          figure: "failover: SIGKILL of the leader → a standby leads (s)",
          dashboard: summary.failoverSeconds ?? "none",
          baseline: null,
          ratio: null,
          target: `≤ ${FAILOVER_TARGET_S}`,
          met: summary.failoverSeconds !== null && summary.failoverSeconds <= FAILOVER_TARGET_S,
        },
        {
          figure: "finished render → a non-leader's event stream, max (ms)",
          dashboard: summary.fanOutMaxMs,
          baseline: null,
          ratio: null,
          target: `≤ ${FAN_OUT_TARGET_MS}`,
          met: summary.fanOutMaxMs <= FAN_OUT_TARGET_MS && run.fanOut.missed.length === 0,
        },
        {
          figure: "lost; double charges; not ready or failed",
          dashboard: `${summary.lost.length}; ${summary.doubleCharges}; ${summary.unfinished.length}`,
          baseline: null,
          ratio: null,
          target: "0; 0; 0",
          met: summary.lost.length === 0 && summary.doubleCharges === 0 && summary.unfinished.length === 0,
        },
      ],
      notes: [
        `${CLIENTS} clients create ${2 * RENDERS_PER_WAVE} renders (images, every fourth a 5 s video, one in ten doomed to fail) through a round-robin proxy in front of 3 replicas on one PostgreSQL database, in two waves of ${RENDERS_PER_WAVE}; the leader is killed with SIGKILL between them, and one more create goes to both surviving replicas at once under one Idempotency-Key. Simulator at time scale 0.02.`,
        "Polls are counted by the simulator, across all replicas: the budget is the account's, not a replica's. Failover is read from each surviving replica's GET /api/health every 200 ms.",
        "No baseline: a single process has no failover, and its polls per render are the polls section's figure.",
      ],
    };
  } finally {
    await cluster.stop();
  }
}

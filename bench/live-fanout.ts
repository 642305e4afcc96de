/**
 * Live fan-out: hundreds of open pages on a cluster. Three production replicas on one PostgreSQL
 * (the replicas section's cluster) with sign-in on; 500 members' browsers, each with its own
 * session made through the app, keep the live event stream open, spread evenly over the replicas;
 * meanwhile renders are created through the app's API at 60 a minute, and finish at the pace the
 * scheduler's poll budget allows. Every stream must receive every finished render's record, once,
 * within a second: the issue asks for a delivery p95 of at most 1 s and no event missed. Memory per
 * stream and CPU per replica are reported beside it.
 */
import { openSync } from "node:fs";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { Health, LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { startReplicaCluster, type ReplicaCluster } from "@/e2e/replica-cluster";
import { request } from "@/e2e/replica-run";
import { addMember, createRender, rendersById, signIn, type BenchMember } from "./client";
import { allArrived, OpenStream, tally } from "./fanout-streams";
import type { BenchResult, Row } from "./report";
import { BUILD_DIR, cpuSeconds, listeningPid, logPath, PORTS, rssBytes } from "./servers";
import { median, percentile, round } from "./stats";

const STREAMS = 500;
const CREATES_PER_MINUTE = 60;
/** 75 renders at 60 a minute: more than the 60 finishes the issue asks for, in about two minutes. */
const RENDERS = 75;
/** The account's own limit: finishes reach the ledger no faster than the polls that learn of them. */
const POLL_BUDGET_PER_MIN = 60;
const P95_TARGET_MS = 1_000;
/** A studio's members, each with a share of the open pages (an admin gets the admins' notices too). */
const MEMBERS: readonly BenchMember[] = [
  { email: "lead@example.com", name: "Lead", role: "admin" },
  { email: "artist@example.com", name: "Artist", role: "member" },
  { email: "editor@example.com", name: "Editor", role: "member" },
];
/**
 * Sign-in's password hash at its lowest cost: 500 sign-ins at the default (0.4 s of CPU each) would
 * take minutes of the machine the replicas share, and what is measured starts after them.
 */
const SETTINGS = { AUTH_SECRET: "live fan-out benchmark's session-signing secret", PASSWORD_HASH_COST: "14" };
const SIGN_INS_AT_ONCE = 6;
const OPENS_AT_ONCE = 25;
const FINISH_TIMEOUT_MS = 180_000;
/** After the ledger has every render final, the last records are on their way to the streams. */
const ARRIVAL_TIMEOUT_MS = 15_000;

const MB = 2 ** 20;

/** Runs `task` for each index in 0..count-1, at most `atOnce` at a time, in order of index. */
async function eachIndex<T>(count: number, atOnce: number, task: (n: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      while (next < count) {
        const n = next++;
        results[n] = await task(n);
      }
    }),
  );
  return results;
}

/** The replica whose scheduler leads, as its health tells an admin; null if none says so. */
async function leaderIndex(cluster: ReplicaCluster, adminCookie: string): Promise<number | null> {
  for (const replica of cluster.replicas) {
    const response = await fetch(`${replica.url}/api/health`, { headers: { cookie: adminCookie } });
    if (((await response.json().catch(() => null)) as Health | null)?.scheduler?.leader) return replica.index;
  }
  return null;
}

/** Polls the ledger until every render of `ids` is final. */
async function finalRecords(url: string, ids: readonly string[], cookie: string): Promise<LedgerRender[]> {
  const deadline = Date.now() + FINISH_TIMEOUT_MS;
  for (;;) {
    const rows = await rendersById(url, ids, { cookie });
    if (rows.length === ids.length && rows.every((r) => isFinalLedgerStatus(r.status))) return rows;
    if (Date.now() > deadline) throw new Error(`renders not final within ${FINISH_TIMEOUT_MS} ms`);
    await sleep(1_000);
  }
}

export async function runLiveFanout(): Promise<BenchResult> {
  const started = performance.now();
  const cluster = await startReplicaCluster({
    cwd: BUILD_DIR,
    simulatorPort: PORTS.fanoutSimulator,
    proxyPort: PORTS.fanoutProxy,
    replicaPorts: PORTS.fanoutReplicas,
    env: { ...SETTINGS, RENDER_POLL_BUDGET_PER_MIN: String(POLL_BUDGET_PER_MIN) },
    logFile: (name) => openSync(logPath(`fanout-${name}`), "w"),
  });
  const streams: OpenStream[] = [];
  try {
    const url = cluster.proxy.url;
    const pids = cluster.replicas.map((r) =>
      listeningPid(PORTS.fanoutReplicas[r.index] ?? 0, r.process.pid, `replica ${r.index + 1}`),
    );
    for (const member of MEMBERS) await addMember(cluster.databaseUrl, member, SETTINGS);
    const signInStarted = performance.now();
    // One browser per open page: each has a session of its own, made by the sign-in route.
    const cookies = await eachIndex(STREAMS, SIGN_INS_AT_ONCE, (n) =>
      signIn(url, MEMBERS[n % MEMBERS.length]?.email ?? ""),
    );
    const signInSeconds = (performance.now() - signInStarted) / 1000;
    const adminCookie = cookies[0] ?? "";

    const rssBefore = pids.map(rssBytes);
    const openStarted = performance.now();
    streams.push(
      ...(await eachIndex(STREAMS, OPENS_AT_ONCE, (n) => {
        const replica = cluster.replicas[n % cluster.replicas.length];
        if (!replica) throw new Error("no replica");
        return OpenStream.open(replica.url, replica.index, cookies[n] ?? "");
      })),
    );
    const openSeconds = (performance.now() - openStarted) / 1000;
    const held = cluster.replicas.map((r) => streams.filter((s) => s.replica === r.index).length);
    // Let what opening allocated settle before reading what the streams hold.
    await sleep(5_000);
    const rssOpen = pids.map(rssBytes);

    const cpuBefore = pids.map(cpuSeconds);
    const ownCpuBefore = process.cpuUsage();
    const runStarted = Date.now();
    const gapMs = 60_000 / CREATES_PER_MINUTE;
    const ids = (
      await Promise.all(
        Array.from({ length: RENDERS }, async (_, n) => {
          await sleep(Math.max(0, runStarted + n * gapMs - Date.now()));
          return createRender(url, request(n), { cookie: cookies[n % MEMBERS.length] ?? "" });
        }),
      )
    ).flat();
    const finished = await finalRecords(url, ids, adminCookie);
    const arrivalDeadline = Date.now() + ARRIVAL_TIMEOUT_MS;
    while (!allArrived(streams, finished) && Date.now() < arrivalDeadline) await sleep(100);
    const runSeconds = (Date.now() - runStarted) / 1000;
    const cpu = pids.map((pid, i) => cpuSeconds(pid) - (cpuBefore[i] ?? 0));
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const ownCpuSeconds = (ownCpu.user + ownCpu.system) / 1e6;
    const rssEnd = pids.map(rssBytes);
    const leader = await leaderIndex(cluster, adminCookie);
    const { polls } = await cluster.stats();

    const { latencies, firstLatencies, byReplica, missed, duplicates } = tally(streams, finished);
    const p95 = round(percentile(latencies, 95), 1);
    const med = round(median(latencies), 1);
    const lastFinish = Math.max(...finished.map((r) => Date.parse(r.updatedAt)));
    const finishesPerMinute = round((finished.length / (lastFinish - runStarted)) * 60_000, 1);
    const perStreamKB = rssOpen.map((after, i) =>
      round((after - (rssBefore[i] ?? 0)) / 1024 / (held[i] || 1), 1),
    );
    const growth = rssOpen.reduce((sum, after, i) => sum + after - (rssBefore[i] ?? 0), 0);
    const perStreamKBMean = round(growth / 1024 / streams.length, 1);
    const cpuPercent = cpu.map((s) => round((s / runSeconds) * 100, 1));
    const replicaList = (values: readonly (number | string)[]) =>
      values.map((v, i) => `${i + 1}${leader === i ? " (leader)" : ""}: ${v}`).join("; ");
    const p95ByReplica = cluster.replicas.map((r) => round(percentile(byReplica.get(r.index) ?? [], 95), 1));

    const rows: Row[] = [
      {
        figure: `fanout.deliveryP95Ms: a finished render's record → each of ${STREAMS} open streams over 3 replicas, p95; median`,
        dashboard: `${p95}; ${med}`,
        baseline: null,
        ratio: null,
        target: `≤ ${P95_TARGET_MS}`,
        met: p95 <= P95_TARGET_MS,
      },
      {
        figure:
          "fanout.missed; fanout.duplicates (final records a stream lacked; events a stream was sent twice)",
        dashboard: `${missed}; ${duplicates}`,
        baseline: null,
        ratio: null,
        target: "0; 0",
        met: missed === 0 && duplicates === 0,
      },
      {
        figure: "the same, to the first stream each render reached, p95; median",
        dashboard: `${round(percentile(firstLatencies, 95), 1)}; ${round(median(firstLatencies), 1)}`,
        baseline: null,
        ratio: null,
      },
      {
        figure: "delivery p95 by replica (ms)",
        dashboard: replicaList(p95ByReplica),
        baseline: null,
        ratio: null,
      },
      {
        figure: "renders finished; finishes a minute; upstream polls, most in any rolling minute, 429s",
        dashboard: `${finished.length}; ${finishesPerMinute}; ${polls.total}, ${polls.maxInAnyMinute}, ${polls.rateLimited}`,
        baseline: null,
        ratio: null,
        target: `≥ 60; –; –, ≤ ${POLL_BUDGET_PER_MIN}, 0`,
        met: finished.length >= 60 && polls.maxInAnyMinute <= POLL_BUDGET_PER_MIN && polls.rateLimited === 0,
      },
      {
        figure: "memory per open stream, all replicas; by replica (KB: RSS growth on opening ÷ streams held)",
        dashboard: `${perStreamKBMean}; ${replicaList(perStreamKB)}`,
        baseline: null,
        ratio: null,
      },
      {
        figure: "CPU per replica over the run (% of one core)",
        dashboard: replicaList(cpuPercent),
        baseline: null,
        ratio: null,
      },
    ];
    return {
      figures: {
        streams: STREAMS,
        streamsByReplica: held,
        members: MEMBERS.length,
        renders: RENDERS,
        createsPerMinute: CREATES_PER_MINUTE,
        budgetPerMinute: POLL_BUDGET_PER_MIN,
        finished: finished.length,
        finishesPerMinute,
        deliveryP95Ms: p95,
        deliveryMedianMs: med,
        deliveryMaxMs: round(Math.max(...latencies), 1),
        deliveryP95MsByReplica: p95ByReplica,
        firstStreamP95Ms: round(percentile(firstLatencies, 95), 1),
        firstStreamMedianMs: round(median(firstLatencies), 1),
        samples: latencies.length,
        missed,
        duplicates,
        leader: leader === null ? null : leader + 1,
        rssBeforeMB: rssBefore.map((b) => round(b / MB, 1)),
        rssOpenMB: rssOpen.map((b) => round(b / MB, 1)),
        rssEndMB: rssEnd.map((b) => round(b / MB, 1)),
        rssPerStreamKB: perStreamKB,
        rssPerStreamKBMean: perStreamKBMean,
        cpuSecondsByReplica: cpu.map((s) => round(s, 1)),
        cpuPercentByReplica: cpuPercent,
        benchCpuPercent: round((ownCpuSeconds / runSeconds) * 100, 1),
        polls: polls.total,
        maxPollsInAnyMinute: polls.maxInAnyMinute,
        rateLimited: polls.rateLimited,
        signInSeconds: round(signInSeconds, 1),
        openSeconds: round(openSeconds, 1),
        runSeconds: round(runSeconds, 1),
        seconds: round((performance.now() - started) / 1000, 1),
        loadAverage1m: round(os.loadavg()[0] ?? 0),
      },
      rows,
      notes: [
        `Three production replicas on one PostgreSQL (the replicas section's cluster, simulator at time scale 0.02), sign-in on: ${STREAMS} browsers, each with a session of its own made by the sign-in route (members ${MEMBERS.map((m) => m.name).join(", ")} in turn, one an admin), open \`GET /api/events\` straight on replica 1, 2, 3 in turn (${held.join(", ")} streams); sign-in is on because a studio's dashboard runs with it, and each stream then re-checks its session every 15 s, which is part of the cost.`,
        `Meanwhile ${RENDERS} renders are created through the round-robin proxy at ${CREATES_PER_MINUTE} a minute (images, every fourth a 5 s video, one in ten doomed to fail), by the members in turn; the scheduler's budget is ${POLL_BUDGET_PER_MIN} polls a minute, so finishes reach the ledger at the budget's pace. The run ends when the ledger has every render final and every stream its final record.`,
        "Delivery is timed per stream per finished render, from the final record's updatedAt (stamped by the ledger as it writes the record) to its arrival on the stream; missed counts (stream, render) pairs whose stream never received the ledger's final record; duplicates counts events whose id (the change log's sequence number) a stream received twice.",
        `Memory per stream is each replica's RSS 5 s after its streams opened, less its RSS before, over the streams it holds (a few MB in all, so a collection in between moves it: the figure over all three replicas is the steadier); CPU is each replica's process CPU time (/proc) over the run (${round(runSeconds)} s). The streams are read in the benchmark's own process with node:http and no per-message timers (a fetch reader per stream cost more CPU, and its queueing showed as delivery time), which used ${round((ownCpuSeconds / runSeconds) * 100, 1)}% of a core meanwhile.`,
        `Sign-ins took ${round(signInSeconds, 1)} s (password hashing at its lowest cost, 2^14) and opening the streams ${round(openSeconds, 1)} s; neither is in the figures.`,
      ],
    };
  } finally {
    for (const stream of streams) stream.close();
    await cluster.stop();
  }
}

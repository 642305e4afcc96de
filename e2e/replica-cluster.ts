/**
 * Several dashboard replicas behaving as one, in real processes: a PostgreSQL server with a fresh
 * database, the simulator, three production servers of one build on that database, and a
 * round-robin proxy in front of them on loopback. The replica test (e2e/replicas.spec.ts) and the
 * benchmark's `replicas` section both start it; `stop()` ends every process it started and removes
 * the database server's directory.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { Health } from "@/lib/contract";
import { createDatabase, startPostgres, type PostgresServer } from "@/test/postgres-server";
import type { SimulatorStats } from "@/test/server-stack";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

export const TEAM_KEY = "rs_live_demo_team_1";
/** A 5-minute render takes 6 s: the run is bounded by the poll budget, not by render time. */
const REPLICA_TIME_SCALE = 0.02;

export interface Replica {
  index: number;
  url: string;
  process: ChildProcess;
  /** False once killed. */
  alive: boolean;
}

export interface ClusterOptions {
  /** The folder holding the production build (`.next`). */
  cwd: string;
  simulatorPort: number;
  proxyPort: number;
  replicaPorts: readonly number[];
  /** More settings for every replica. */
  env?: Record<string, string>;
  /** Where each process's output goes (a file per process); ignored when absent. */
  logFile?: (name: string) => number | "ignore";
}

export interface ReplicaCluster {
  proxy: RoundRobinProxy;
  /** The replicas' database, for the CLI an admin runs on it (adding members). */
  databaseUrl: string;
  simulatorUrl: string;
  replicas: Replica[];
  /** The replica's health, or null when it does not answer. */
  health(replica: Replica): Promise<Health | null>;
  /** The live replicas whose health says they lead the scheduler. */
  leaders(): Promise<Replica[]>;
  /** SIGKILL, as a crash: nothing runs on the way out. Resolves once the process is gone. */
  kill(replica: Replica): Promise<void>;
  stats(): Promise<SimulatorStats>;
  stop(): Promise<void>;
}

/** Every process of every cluster still running, killed if this process exits without stopping them. */
const started = new Set<ChildProcess>();
process.on("exit", () => started.forEach((child) => killGroup(child, "SIGKILL")));

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** `node ...args` in a process group of its own, so a kill reaches whatever it starts. */
function startNode(name: string, args: string[], options: ClusterOptions, env: Record<string, string>) {
  const output = options.logFile?.(name) ?? "ignore";
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    detached: true,
    stdio: ["ignore", output, output],
  });
  started.add(child);
  child.once("exit", () => started.delete(child));
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the process serving ${url} exited (${child.exitCode ?? child.signalCode})`);
    // Not up yet when the answer fails at any point, its body included: a process still starting
    // can send headers and then stall past the timeout.
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => (await response.arrayBuffer(), response.ok))
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function startReplicaCluster(options: ClusterOptions): Promise<ReplicaCluster> {
  const children: ChildProcess[] = [];
  let postgres: PostgresServer | undefined;
  let proxy: RoundRobinProxy | undefined;
  const stop = async () => {
    await proxy?.close();
    children.forEach((child) => killGroup(child, "SIGKILL"));
    await Promise.all(children.map(exited));
    await postgres?.stop();
  };
  try {
    postgres = await startPostgres();
    const databaseUrl = await createDatabase(postgres.url);
    const simulatorUrl = `http://127.0.0.1:${options.simulatorPort}`;
    // The simulator is a source file of the project, wherever the build is.
    const root = path.resolve(import.meta.dirname, "..");
    const simulator = startNode(
      "simulator",
      [
        "--import",
        "tsx",
        path.join(root, "simulator", "main.ts"),
        ...["--port", options.simulatorPort, "--time-scale", REPLICA_TIME_SCALE].map(String),
      ],
      { ...options, cwd: root },
      {},
    );
    children.push(simulator);
    await waitUntilUp(`${simulatorUrl}/__sim/health`, simulator, 60_000);

    const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
    const replicas = options.replicaPorts.map((port, index): Replica => {
      const child = startNode(
        `replica-${index + 1}`,
        [nextBin, "start", "--port", String(port), "--hostname", "127.0.0.1"],
        options,
        {
          NODE_ENV: "production",
          DATABASE_URL: databaseUrl,
          RENDER_API_BASE_URL: simulatorUrl,
          RENDER_API_KEY: TEAM_KEY,
          // Sign-in off: health answers the admin view to anyone. Empty overrides an inherited one.
          AUTH_SECRET: "",
          ...options.env,
        },
      );
      children.push(child);
      return { index, url: `http://127.0.0.1:${port}`, process: child, alive: true };
    });
    // All three start at once, as a deploy starts them: their migrations meet on one database.
    await Promise.all(replicas.map((r) => waitUntilUp(`${r.url}/api/health`, r.process, 120_000)));
    proxy = await startRoundRobinProxy(
      replicas.map((r) => r.url),
      options.proxyPort,
    );

    const health = async (replica: Replica): Promise<Health | null> => {
      try {
        const response = await fetch(`${replica.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
        return (await response.json()) as Health;
      } catch {
        return null;
      }
    };
    return {
      proxy,
      databaseUrl,
      simulatorUrl,
      replicas,
      health,
      async leaders() {
        const live = replicas.filter((r) => r.alive);
        const reports = await Promise.all(live.map(health));
        return live.filter((_, i) => reports[i]?.scheduler.leader === true);
      },
      async kill(replica) {
        replica.alive = false;
        killGroup(replica.process, "SIGKILL");
        await exited(replica.process);
      },
      async stats() {
        return (await (await fetch(`${simulatorUrl}/__sim/stats`)).json()) as SimulatorStats;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The processes of a benchmark run: simulators, the production build and its server. Each runs in
 * its own process group and is remembered, so a failure, Ctrl-C or SIGTERM still stops every one
 * of them (and their children: `next build` has workers) and nothing is left on a shared machine.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const ROOT = path.resolve(import.meta.dirname, "..");
/** Scratch space of a run: logs, ledgers, the Lighthouse report. Gitignored. */
export const TMP = path.join(ROOT, "bench", "tmp");
/**
 * The production build is made in a snapshot of the app's sources, not in `.next`, so a run neither
 * clashes with a `next build` someone else starts meanwhile (the end-to-end tests build into
 * `.next`) nor measures files edited half way through. It lives under `data/` because that folder
 * is gitignored and excluded by TypeScript, ESLint and Vitest alike (a copy under `bench/tmp` would
 * be linted and type-checked as a second project), and inside the repository because Turbopack
 * resolves `next` and every package from the workspace root, the folder of the lockfile.
 */
export const BUILD_DIR = path.join(ROOT, "data", "bench-build");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
/**
 * What a production build does not need: tests, tooling and the simulator. Everything else at the
 * top of the tree goes in, so a file Next picks up by name (`proxy.ts`, `instrumentation.ts`, a
 * config) is never left out. The lockfile stays out too: Turbopack takes the folder of the nearest
 * lockfile as the workspace root, and the snapshot must resolve packages from the repository's.
 */
const NOT_BUILT = new Set([
  "bench",
  "e2e",
  "test",
  "simulator",
  "docs",
  "scripts",
  "data",
  ".ci",
  ".github",
  "package-lock.json",
  "playwright.config.ts",
  "vitest.config.ts",
  "eslint.config.mjs",
]);
const isBuildInput = (topLevel: string) => topLevel !== "" && !NOT_BUILT.has(topLevel);

/** The ports of a run: clear of dev (3000/4010) and the end-to-end tests (3110–3173/4110–4170). */
export const PORTS = {
  app: 3210,
  simulator: 4210,
  naiveSimulator: 4211,
  secondApp: 3211,
  /** The replicas section: its round-robin proxy, the three replicas behind it and its simulator. */
  replicasProxy: 3220,
  replicas: [3221, 3222, 3223],
  replicasSimulator: 4220,
  /** Culling's app and simulator, clear of the others so it may run beside them. */
  cullApp: 3230,
  cullSimulator: 4230,
  /** Live fan-out's cluster: its proxy, three replicas and simulator, as the replicas section's. */
  fanoutProxy: 3240,
  fanoutReplicas: [3241, 3242, 3243],
  fanoutSimulator: 4240,
} as const;

export const TEAM_KEY = "rs_live_demo_team_1";

export interface Proc {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or null after a signal) when the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const running = new Set<Proc>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops every process this run started; also called on exit and on signals. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((proc) => proc.stop()));
}

process.on("exit", () => {
  for (const proc of running) killGroup(proc.child, "SIGKILL");
});
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C may arrive twice (through tsx's parent as well): stop once.
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the benchmark's processes`);
    void stopAll().finally(() => process.exit(130));
  });
}

export function logPath(name: string): string {
  mkdirSync(path.join(TMP, "logs"), { recursive: true });
  return path.join(TMP, "logs", `${name}.log`);
}

/** Starts `node ...args` in its own process group, its output in bench/tmp/logs/<name>.log. */
function startProcess(
  name: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Proc {
  const log = openSync(logPath(name), "w");
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...options.env },
    detached: true,
    stdio: ["ignore", log, log],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const proc: Proc = {
    name,
    child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        killGroup(child, "SIGTERM");
        const stopped = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
        if (!stopped) killGroup(child, "SIGKILL");
        await exited;
      }
      // The group may outlive its leader (workers); make sure none is left behind.
      killGroup(child, "SIGKILL");
      running.delete(proc);
    },
  };
  running.add(proc);
  void exited.then(() => {
    if (!running.has(proc)) return;
    // A process that ends on its own is reported by waitForHttp or the caller; just forget it.
    running.delete(proc);
  });
  return proc;
}

/** Fails fast when a port is taken, instead of measuring someone else's server. */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once("error", () =>
      reject(new Error(`port ${port} is in use: stop what runs there, or it would be measured`)),
    );
    server.listen(port, "127.0.0.1", () => server.close(() => resolve()));
  });
}

/** Waits until `url` answers 2xx, failing early if the process serving it ends. */
async function waitForHttp(url: string, proc: Proc, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void proc.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`${proc.name} exited before it was ready; see ${logPath(proc.name)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${proc.name} was not ready at ${url} within ${timeoutMs} ms; see ${logPath(proc.name)}`);
}

export interface SimulatorStats {
  polls: { total: number; rateLimited: number; maxInAnyMinute: number; byRender: Record<string, number> };
  creates: { total: number; accepted: number };
  renders: { id: string; kind: string; status: string; terminalAt: string | null }[];
}

export interface Simulator {
  url: string;
  proc: Proc;
  stats(): Promise<SimulatorStats>;
  stop(): Promise<void>;
}

/** `args`: more flags of the simulator (e.g. `--media-padding-bytes`). */
export async function startSimulator(
  name: string,
  port: number,
  timeScale = 1,
  args: readonly string[] = [],
): Promise<Simulator> {
  await assertPortFree(port);
  const proc = startProcess(name, [
    "--import",
    "tsx",
    "simulator/main.ts",
    "--port",
    String(port),
    "--time-scale",
    String(timeScale),
    ...args,
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/__sim/health`, proc, 60_000);
  return {
    url,
    proc,
    async stats() {
      return (await (await fetch(`${url}/__sim/stats`)).json()) as SimulatorStats;
    },
    stop: () => proc.stop(),
  };
}

export interface BuildInfo {
  /** What was built: a commit, or the working tree (`--worktree`). */
  source: string;
  seconds: number | null;
}

/**
 * Snapshots the app's sources into BUILD_DIR and runs `next build` there. The snapshot is HEAD by
 * default, so results belong to a commit and a half-edited file elsewhere in the tree cannot break
 * the build; `worktree` takes the files as they are on disk instead. With `reuse`, the earlier
 * snapshot's build is served as it is (`--no-build`).
 */
export async function buildApp(options: { reuse: boolean; worktree: boolean }): Promise<BuildInfo> {
  const sourceFile = path.join(BUILD_DIR, ".bench-source");
  if (options.reuse) {
    if (!existsSync(path.join(BUILD_DIR, ".next", "BUILD_ID"))) {
      throw new Error(
        `--no-build: no earlier build in ${path.relative(ROOT, BUILD_DIR)}; run once without it`,
      );
    }
    return { source: readFileSync(sourceFile, "utf8").trim(), seconds: null };
  }
  mkdirSync(BUILD_DIR, { recursive: true });
  // Keep .next (Turbopack's cache speeds the next build); everything else is replaced.
  for (const entry of readdirSync(BUILD_DIR)) {
    if (entry !== ".next") rmSync(path.join(BUILD_DIR, entry), { recursive: true, force: true });
  }
  const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, maxBuffer: 1 << 30 });
  let source: string;
  let archive: Buffer;
  if (options.worktree) {
    // Tracked and new (not ignored) files, as they are on disk.
    const files = git("ls-files", "-co", "--exclude-standard", "-z")
      .toString("utf8")
      .split("\0")
      .filter((file) => isBuildInput(file.split("/")[0] ?? "") && existsSync(path.join(ROOT, file)));
    archive = execFileSync("tar", ["-cf", "-", "--null", "-T", "-"], {
      cwd: ROOT,
      input: files.join("\0"),
      maxBuffer: 1 << 30,
    });
    source = "working tree";
  } else {
    const commit = git("rev-parse", "--short", "HEAD").toString("utf8").trim();
    const inputs = git("ls-tree", "--name-only", commit).toString("utf8").split("\n").filter(isBuildInput);
    archive = git("archive", "--format=tar", commit, "--", ...inputs);
    source = `commit ${commit}`;
  }
  execFileSync("tar", ["-xf", "-", "--exclude=*.test.ts", "--exclude=*.test.tsx"], {
    cwd: BUILD_DIR,
    input: archive,
  });
  writeFileSync(sourceFile, `${source}\n`);

  const started = performance.now();
  const proc = startProcess("next-build", [NEXT_BIN, "build"], { cwd: BUILD_DIR });
  const code = await proc.exited;
  await proc.stop();
  if (code !== 0)
    throw new Error(`next build of the ${source} failed (exit ${code}); see ${logPath("next-build")}`);
  return { source, seconds: (performance.now() - started) / 1000 };
}

export interface App {
  url: string;
  proc: Proc;
  /** The process actually serving HTTP (found by its listening socket), for RSS readings. */
  serverPid: number;
  stop(): Promise<void>;
}

export interface AppOptions {
  port: number;
  simulatorUrl: string;
  /** A fresh ledger file per benchmark, so runs never see each other's renders. */
  databaseFile: string;
  env?: Record<string, string>;
}

export async function startApp(name: string, options: AppOptions): Promise<App> {
  await assertPortFree(options.port);
  const proc = startProcess(
    name,
    [NEXT_BIN, "start", "--port", String(options.port), "--hostname", "127.0.0.1"],
    {
      cwd: BUILD_DIR,
      env: {
        NODE_ENV: "production",
        RENDER_API_BASE_URL: options.simulatorUrl,
        RENDER_API_KEY: TEAM_KEY,
        DATABASE_URL: `file:${options.databaseFile}`,
        ...options.env,
      },
    },
  );
  const url = `http://127.0.0.1:${options.port}`;
  await waitForHttp(`${url}/api/health`, proc, 120_000);
  return {
    url,
    proc,
    serverPid: listeningPid(options.port, proc.child.pid, proc.name),
    stop: () => proc.stop(),
  };
}

/** Removes a ledger file and its WAL companions, so a benchmark starts from an empty history. */
export function freshDatabase(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  return file;
}

/**
 * The pid whose socket listens on `port`, among the process group `group` (of the process named
 * `name`): `next start` may serve from its own process or from a child, and RSS and CPU must be
 * read from the one holding the requests.
 */
export function listeningPid(port: number, group: number | undefined, name: string): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // fields: sl local_address rem_address st ... inode(9); st 0A is LISTEN.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === "0A" && fields[9]) inodes.add(fields[9]);
    }
  }
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces, so split after ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp !== group) continue;
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      }
    } catch {
      // A process that ended meanwhile.
    }
  }
  throw new Error(`no process of ${name} listens on port ${port}`);
}

/** CPU time (user + system) a process has used so far, in seconds; /proc counts in ticks of 1/100 s. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after "pid (comm)": state(3) ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime(14) stime(15).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Peak resident memory of `pid` while `during` runs: the kernel's own high-water mark (VmHWM, reset
 * first through clear_refs) where allowed, and sampling every 20 ms as well, whichever is higher.
 */
export async function peakRss<T>(
  pid: number,
  during: () => Promise<T>,
): Promise<{ value: T; peakBytes: number }> {
  let sampled = rssBytes(pid);
  let hwmReset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    hwmReset = true;
  } catch {
    // Not permitted here: sampling alone.
  }
  const timer = setInterval(() => (sampled = Math.max(sampled, rssBytes(pid))), 20);
  try {
    const value = await during();
    const hwm = hwmReset
      ? Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024
      : 0;
    return { value, peakBytes: Math.max(sampled, hwm, rssBytes(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** Resident memory of a process in bytes (VmRSS). */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

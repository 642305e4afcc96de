/**
 * `npm run dev` stops as a whole: after Ctrl-C (SIGINT) or SIGTERM to the dev script, no process
 * of its tree (the Next dev server, its workers, the simulator and tsx's child) is left running and
 * both ports are closed. Runs the real script against a fresh database on free ports. On the way it
 * checks that the simulator is started on its state folder, and that `--fresh-simulator` empties it.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** next dev takes 10-20 s to answer here; the ceiling leaves room on a busy machine. */
const READY_TIMEOUT_MS = 90_000;
/** The script's grace period is 5 s before SIGKILL; everything must be gone well within this. */
const GONE_TIMEOUT_MS = 15_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Every descendant of `pid`, found by walking `ps --ppid` down the tree. */
function descendants(pid: number): number[] {
  let out = "";
  try {
    out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  } catch {
    return []; // ps exits 1 when there is no child
  }
  const direct = out.split(/\s+/).filter(Boolean).map(Number);
  return direct.flatMap((child) => [child, ...descendants(child)]);
}

/** Alive and not a zombie (a zombie has ended; only its exit status waits to be read). */
function alive(pid: number): boolean {
  try {
    const state = execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" }).trim();
    return state !== "" && !state.startsWith("Z");
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Date.now() - started;
}

let dev: ChildProcess | undefined;
let tree: number[] = [];
let dataDir: string | undefined;

afterEach(() => {
  // A failed test must not leave its servers behind for the next one.
  for (const pid of [dev?.pid, ...tree]) {
    if (pid !== undefined && alive(pid)) process.kill(pid, "SIGKILL");
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dev = undefined;
  tree = [];
  dataDir = undefined;
});

describe("npm run dev shutdown", () => {
  for (const [signal, fresh] of [
    ["SIGINT", false],
    ["SIGTERM", true],
  ] as const) {
    const how = fresh ? ", started with --fresh-simulator over a state it cannot read" : "";
    it(`${signal} ends the app, its workers and the simulator${how}`, { timeout: 150_000 }, async () => {
      const [appPort, simulatorPort] = [await freePort(), await freePort()];
      dataDir = mkdtempSync(path.join(tmpdir(), "dev-shutdown-"));
      const stateDir = path.join(dataDir, "simulator");
      const stateFile = path.join(stateDir, "state.json");
      if (fresh) {
        // The simulator would refuse this file and stop everything: the flag must delete it first.
        mkdirSync(stateDir);
        writeFileSync(stateFile, '{"format":"render-simulator-state","version":99}');
      }
      // spawn leaves out variables set to undefined.
      const env: Record<string, string | undefined> = {
        ...process.env,
        // Only the simulator path is under test: a configured service would skip it.
        RENDER_API_BASE_URL: undefined,
        RENDER_API_KEY: undefined,
        NODE_ENV: undefined,
        PORT: String(appPort),
        SIMULATOR_PORT: String(simulatorPort),
        SIMULATOR_STATE_DIR: stateDir,
        DATABASE_URL: `file:${path.join(dataDir, "dashboard.db")}`,
        NEXT_TELEMETRY_DISABLED: "1",
      };
      const child = spawn(process.execPath, ["scripts/dev.mjs", ...(fresh ? ["--fresh-simulator"] : [])], {
        cwd: ROOT,
        env: env as NodeJS.ProcessEnv,
        stdio: ["ignore", "pipe", "pipe"],
      });
      dev = child;
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      let exitCode: number | null | undefined;
      const exited = new Promise<number | null>((resolve) =>
        child.once("exit", (code) => resolve((exitCode = code))),
      );

      const readyMs = await until(async () => {
        // E.g. Next refuses a second `next dev` in the same folder: say so rather than time out.
        if (exitCode !== undefined)
          throw new Error(`npm run dev exited (${exitCode}) before it was ready:\n${output}`);
        return (
          (await answers(`http://127.0.0.1:${simulatorPort}/__sim/health`)) &&
          (await answers(`http://127.0.0.1:${appPort}/api/health`))
        );
      }, READY_TIMEOUT_MS);
      tree = descendants(child.pid!);
      // The simulator runs on its state folder (it makes uploads/ at start), emptied by the flag.
      expect(existsSync(path.join(stateDir, "uploads"))).toBe(true);
      expect(existsSync(stateFile)).toBe(false);
      // next dev, its worker, the simulator's tsx and the node process it runs it in, at the least.
      expect(tree.length).toBeGreaterThanOrEqual(4);

      const signalledAt = Date.now();
      child.kill(signal);
      const code = await exited;
      const goneMs = await until(() => tree.every((pid) => !alive(pid)), GONE_TIMEOUT_MS);
      expect(await portOpen(appPort)).toBe(false);
      expect(await portOpen(simulatorPort)).toBe(false);
      expect(code).toBe(0);
      console.log(
        `[dev shutdown] ${signal}: ready after ${readyMs} ms, ${tree.length} processes gone ${
          Date.now() - signalledAt
        } ms after the signal (${goneMs} ms after the script exited)`,
      );
    });
  }
});

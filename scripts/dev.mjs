#!/usr/bin/env node
/**
 * `npm run dev`: the dashboard in development mode. When no Render Service is configured
 * (RENDER_API_BASE_URL and RENDER_API_KEY, from the environment or .env.local/.env), it starts the
 * bundled simulator beside the app and points the app at it, so a fresh clone works with no setup.
 * The simulator keeps its world in data/simulator (SIMULATOR_STATE_DIR) across restarts, beside the
 * dashboard's ledger; `npm run dev -- --fresh-simulator` deletes it first, to start empty.
 *
 * Shutdown: Ctrl-C or SIGTERM must leave nothing behind. `next dev` forks workers and `tsx` runs the
 * simulator in a child node process, so stopping only the direct child can orphan its own children.
 * Each child is therefore started directly with this node binary (no `npx` in between) as the
 * leader of its own process group, and the signal goes to the whole group; whatever is still alive
 * after a grace period gets SIGKILL. A second Ctrl-C skips the grace period.
 */
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";

for (const file of [".env.local", ".env"]) {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** How long a child's process group may take to stop before it is killed. */
const GRACE_MS = 5_000;

const require = createRequire(import.meta.url);
const NEXT_BIN = require.resolve("next/dist/bin/next");
const TSX_BIN = require.resolve("tsx/cli");

/** Ours, not next's: every other argument after `npm run dev --` goes to `next dev`. */
const FRESH_FLAG = "--fresh-simulator";
const fresh = process.argv.includes(FRESH_FLAG);
const nextArgs = process.argv.slice(2).filter((arg) => arg !== FRESH_FLAG);

/** @type {{ name: string, child: import("node:child_process").ChildProcess }[]} */
const children = [];
const env = { ...process.env };

function start(name, args, childEnv) {
  const child = spawn(process.execPath, args, {
    // stdin is not given: a process outside the terminal's foreground group that reads it is stopped.
    stdio: ["ignore", "inherit", "inherit"],
    env: childEnv,
    // Its own process group, so the group can be signalled as a whole.
    detached: true,
  });
  children.push({ name, child });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? `code ${code}`}); stopping the rest.`);
      void stop(code ?? 1);
    }
  });
  child.on("error", (error) => {
    console.error(`[dev] ${name} could not start: ${error.message}`);
    void stop(1);
  });
}

if (!env.RENDER_API_BASE_URL || !env.RENDER_API_KEY) {
  const port = env.SIMULATOR_PORT ?? "4010";
  const timeScale = env.SIMULATOR_TIME_SCALE ?? "0.25";
  // Set but empty: in memory, gone when the simulator stops.
  const stateDir = env.SIMULATOR_STATE_DIR ?? "data/simulator";
  env.RENDER_API_BASE_URL = `http://127.0.0.1:${port}`;
  env.RENDER_API_KEY = "rs_live_demo_team_1";
  if (fresh && stateDir) rmSync(stateDir, { recursive: true, force: true });
  const kept = stateDir
    ? `its state in ${stateDir}${fresh ? ", started empty" : `; \`npm run dev -- ${FRESH_FLAG}\` starts it empty`}`
    : "in memory";
  console.log(
    `No Render Service configured: starting the simulator on port ${port} (time scale ${timeScale}, ${kept}).`,
  );
  const stateArgs = stateDir ? ["--state-dir", stateDir] : [];
  start(
    "simulator",
    [TSX_BIN, "simulator/main.ts", "--port", port, "--time-scale", timeScale, ...stateArgs],
    process.env,
  );
}

// `next dev` takes its port from PORT (default 3000) or from `--port` passed after `npm run dev --`.
start("next dev", [NEXT_BIN, "dev", ...nextArgs], env);

/** Sends `signal` to the child's whole process group; false once the group is gone. */
function signalGroup(child, signal) {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch (error) {
    if (error.code === "ESRCH") return false;
    throw error;
  }
}

const groupGone = (child) => !signalGroup(child, 0);

let stopping = false;
let forceKill = () => {};

async function stop(code, signal = "SIGTERM") {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const { child } of children) signalGroup(child, signal);
  const deadline = Date.now() + GRACE_MS;
  let forced = false;
  const killAll = () => {
    if (forced) return;
    forced = true;
    for (const { name, child } of children) {
      if (signalGroup(child, "SIGKILL")) console.error(`[dev] ${name} did not stop in time: killed.`);
    }
  };
  forceKill = killAll;
  // The leader's exit is not enough: a worker of its group may outlive it.
  while (!children.every(({ child }) => groupGone(child))) {
    if (Date.now() >= deadline) killAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.exit(process.exitCode);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    // The first signal is forwarded once; a second one (an impatient Ctrl-C) kills at once.
    if (stopping) forceKill();
    else void stop(0, signal);
  });
}
// The dev script dying by an uncaught error must not orphan the servers either.
process.on("uncaughtException", (error) => {
  console.error(error);
  for (const { child } of children) signalGroup(child, "SIGKILL");
  process.exit(1);
});

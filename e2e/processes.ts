/**
 * Real processes for the specs that kill a server: the simulator and a production dashboard started
 * with Node itself (not npx: killing a wrapper would leave its child running), and waits for them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { E2E_SERVER_ENV } from "./server-env";

export function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(command, args, { env: { ...process.env, ...env }, stdio: "ignore" });
}

export async function waitUntilUp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function isListening(url: string): Promise<boolean> {
  return fetch(url).then(
    () => true,
    () => false,
  );
}

/** The simulator on `port`, at `timeScale` of real time. */
export const startSimulator = (port: number, timeScale: number) =>
  start(process.execPath, [
    "--import",
    "tsx",
    "simulator/main.ts",
    ...["--port", port, "--time-scale", timeScale].map(String),
  ]);

/**
 * The production build on `port`, against the simulator at `simulator`, with its ledger in `dataDir`
 * and any other settings in `env`.
 */
export const startApp = (
  port: number,
  simulator: string,
  dataDir: string,
  env: Record<string, string> = {},
) =>
  start(
    process.execPath,
    [path.join("node_modules", "next", "dist", "bin", "next"), "start", "--port", String(port)],
    {
      ...E2E_SERVER_ENV,
      RENDER_API_BASE_URL: simulator,
      RENDER_API_KEY: "rs_live_demo_team_1",
      DATABASE_URL: `file:${path.join(dataDir, "dashboard.db")}`,
      ...env,
    },
  );

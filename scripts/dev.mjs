#!/usr/bin/env node
/**
 * `npm run dev`: the dashboard in development mode. When no Render Service is configured
 * (RENDER_API_BASE_URL and RENDER_API_KEY, from the environment or .env.local/.env), it starts the
 * bundled simulator beside the app and points the app at it, so a fresh clone works with no setup.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

for (const file of [".env.local", ".env"]) {
  if (existsSync(file)) process.loadEnvFile(file);
}

const children = [];
const env = { ...process.env };

if (!env.RENDER_API_BASE_URL || !env.RENDER_API_KEY) {
  const port = env.SIMULATOR_PORT ?? "4010";
  const timeScale = env.SIMULATOR_TIME_SCALE ?? "0.25";
  env.RENDER_API_BASE_URL = `http://127.0.0.1:${port}`;
  env.RENDER_API_KEY = "rs_live_demo_team_1";
  console.log(
    `No Render Service configured: starting the simulator on port ${port} (time scale ${timeScale}).`,
  );
  children.push(
    spawn("npx", ["tsx", "simulator/main.ts", "--port", port, "--time-scale", timeScale], {
      stdio: "inherit",
      env: process.env,
    }),
  );
}

children.push(spawn("npx", ["next", "dev", ...process.argv.slice(2)], { stdio: "inherit", env }));

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
for (const child of children) child.on("exit", (code) => stop(code ?? 0));

/**
 * A real crash: the production server is killed with SIGKILL while renders are in flight (some of
 * them still being created), then started again on the same ledger. Every render the service made
 * must reach its end in the ledger, and none may be created twice.
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { E2E_PORTS } from "./ports";
import { isListening, startApp, startSimulator, waitUntilUp } from "./processes";

const SIMULATOR_PORT = E2E_PORTS.crashSimulator;
const APP_PORT = E2E_PORTS.crashApp;
const simulator = `http://127.0.0.1:${SIMULATOR_PORT}`;
const app = `http://127.0.0.1:${APP_PORT}`;
const DATA_DIR = path.join(process.cwd(), "data", "e2e-crash");

interface LedgerItem {
  id: string;
  status: string;
  prompt: string;
}

const startCrashApp = () => startApp(APP_PORT, simulator, DATA_DIR);

async function ledger(): Promise<LedgerItem[]> {
  const response = await fetch(`${app}/api/renders?limit=100`);
  return ((await response.json()) as { items: LedgerItem[] }).items;
}

let sim: ChildProcess | undefined;
let server: ChildProcess | undefined;

// Hooks run even when a test times out, unlike a finally block inside it.
test.afterEach(() => {
  server?.kill("SIGKILL");
  sim?.kill("SIGTERM");
});

test("SIGKILL with 24 renders in flight: all reach their end after a restart, none created twice", async () => {
  test.setTimeout(240_000);
  // Counts below are read from this test's own simulator; one left over on the port would skew them.
  expect(await isListening(`${simulator}/__sim/health`), `port ${SIMULATOR_PORT} is already in use`).toBe(
    false,
  );
  expect(await isListening(`${app}/api/health`), `port ${APP_PORT} is already in use`).toBe(false);
  rmSync(DATA_DIR, { recursive: true, force: true });
  sim = startSimulator(SIMULATOR_PORT, 0.05);
  server = startCrashApp();
  await waitUntilUp(`${simulator}/__sim/health`);
  await waitUntilUp(`${app}/api/health`);

  const create = (i: number) =>
    fetch(`${app}/api/renders`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": `crash-${i}` },
      body: JSON.stringify(
        i % 4 === 0
          ? { kind: "video", prompt: `crash ${i}`, model: "kling", durationSeconds: 5, resolution: "720p" }
          : { kind: "image", prompt: `crash ${i}` },
      ),
    });
  for (let i = 0; i < 20; i++) expect((await create(i)).status).toBe(202);
  // Four more are mid-create when the process dies.
  const midFlight = [20, 21, 22, 23].map((i) => create(i).catch(() => undefined));
  // Listen before killing: the exit can come before the mid-flight requests settle.
  const dying = server;
  const exited = new Promise((resolve) => dying.once("exit", resolve));
  dying.kill("SIGKILL");
  await Promise.all([exited, ...midFlight]);

  server = startCrashApp();
  await waitUntilUp(`${app}/api/health`);
  let settled: LedgerItem[] = [];
  await expect
    .poll(
      async () => {
        settled = await ledger();
        return settled.every((r) => isFinalLedgerStatus(r.status) || r.status === "unknown");
      },
      {
        timeout: 150_000,
        intervals: [1_000],
        message: `renders still unfinished: ${JSON.stringify(settled.filter((r) => !isFinalLedgerStatus(r.status)))}`,
      },
    )
    .toBe(true);
  expect(settled.filter((r) => r.status === "lost" || r.status === "rejected")).toEqual([]);

  const stats = (await (await fetch(`${simulator}/__sim/stats`)).json()) as {
    creates: { total: number; accepted: number };
    renders: { id: string; status: string }[];
  };
  const crashes = settled.filter((r) => r.prompt.startsWith("crash "));
  const made = crashes.filter((r) => r.status !== "unknown");
  // Every render the service made is in the ledger, finished, with the service's own status.
  expect(made.length).toBeGreaterThanOrEqual(20);
  for (const render of made) {
    expect(stats.renders.find((r) => r.id === render.id)?.status, render.prompt).toBe(render.status);
  }
  // None created twice: at most one upstream create per request sent.
  expect(stats.creates.total).toBeLessThanOrEqual(24);
  expect(stats.creates.accepted).toBeLessThanOrEqual(
    made.length + crashes.filter((r) => r.status === "unknown").length,
  );
});

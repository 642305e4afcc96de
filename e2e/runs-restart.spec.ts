/**
 * A batch run across a real crash: the production server is killed with SIGKILL while a 20-row run
 * is being sent, then started again on the same ledger. The run resumes by itself, every row ends,
 * and the simulator's own count shows no row created twice: one accepted create per created row,
 * plus at most the rows whose create was cut off (shown as "outcome unknown", never sent again).
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { RunDetail } from "@/lib/contract";
import { isFinalRowState } from "@/lib/domain/runs";
import { E2E_PORTS } from "./ports";
import { isListening, startApp, startSimulator, waitUntilUp } from "./processes";

const simulator = `http://127.0.0.1:${E2E_PORTS.runsRestartSimulator}`;
const app = `http://127.0.0.1:${E2E_PORTS.runsRestartApp}`;
const DATA_DIR = path.join(process.cwd(), "data", "e2e-runs-restart");
const ROWS = 20;

const startRunsApp = () => startApp(E2E_PORTS.runsRestartApp, simulator, DATA_DIR);

async function readRun(id: string): Promise<RunDetail> {
  return (await (await fetch(`${app}/api/runs/${id}`)).json()) as RunDetail;
}

let sim: ChildProcess | undefined;
let server: ChildProcess | undefined;

test.afterEach(() => {
  server?.kill("SIGKILL");
  sim?.kill("SIGTERM");
});

test("SIGKILL mid-run: the run resumes after a restart, every row ends, none is created twice", async () => {
  test.setTimeout(240_000);
  expect(await isListening(`${simulator}/__sim/health`), `${simulator} is already in use`).toBe(false);
  expect(await isListening(`${app}/api/health`), `${app} is already in use`).toBe(false);
  rmSync(DATA_DIR, { recursive: true, force: true });
  sim = startSimulator(E2E_PORTS.runsRestartSimulator, 0.05);
  server = startRunsApp();
  await waitUntilUp(`${simulator}/__sim/health`);
  await waitUntilUp(`${app}/api/health`);

  const rows = Array.from({ length: ROWS }, (_, i) =>
    i % 5 === 4
      ? { kind: "video", prompt: `restart ${i}`, model: "kling", durationSeconds: 5 }
      : { kind: "image", prompt: `restart ${i}`, imageModel: "nano-banana" },
  );
  const response = await fetch(`${app}/api/runs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Across a crash", rows }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as RunDetail;
  await expect
    .poll(async () => (await readRun(id)).counts.created, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(3);

  const dying = server;
  const exited = new Promise((resolve) => dying.once("exit", resolve));
  dying.kill("SIGKILL");
  await exited;
  const before = await (await fetch(`${simulator}/__sim/stats`)).json();
  server = startRunsApp();
  await waitUntilUp(`${app}/api/health`);

  let run: RunDetail | undefined;
  await expect
    .poll(
      async () => {
        run = await readRun(id);
        return run.state === "done" && run.rows.every((row) => isFinalRowState(row.state));
      },
      { timeout: 180_000, intervals: [1_000], message: `run never ended: ${JSON.stringify(run?.counts)}` },
    )
    .toBe(true);
  const ended = run as RunDetail;
  const stats = (await (await fetch(`${simulator}/__sim/stats`)).json()) as {
    creates: { total: number; accepted: number };
  };
  // More rows were sent after the restart than before it: the run resumed by itself.
  expect(stats.creates.accepted).toBeGreaterThan((before as typeof stats).creates.accepted);
  expect(ended.counts.created + ended.counts.unknown).toBe(ROWS);
  expect(stats.creates.total).toBe(stats.creates.accepted);
  expect(stats.creates.accepted).toBeGreaterThanOrEqual(ended.counts.created);
  expect(stats.creates.accepted).toBeLessThanOrEqual(ended.counts.created + ended.counts.unknown);
});

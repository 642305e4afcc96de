/**
 * Upload streaming: a 500 MB file sent as multipart to `POST /api/uploads` (which streams it on to
 * the service) against the same body sent straight to the simulator, alternating so both see the
 * same machine, and the dashboard server's resident memory while a file passes through it.
 *
 * The file is generated while it is sent (one random 1 MiB block, repeated): nothing of its size
 * is ever held or written by the benchmark itself.
 */
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { rssGrowthRow, throughputRow, type BenchResult } from "./report";
import {
  cpuSeconds,
  freshDatabase,
  peakRss,
  PORTS,
  rssBytes,
  startApp,
  startSimulator,
  TEAM_KEY,
  TMP,
} from "./servers";
import { mean, median, ratio, round } from "./stats";

const FILE_BYTES = 500_000_000;
/** Rounds per side, alternating direct and dashboard, so a burst of load elsewhere hits both. */
const ROUNDS = 3;
const MiB = 2 ** 20;
const BLOCK = randomBytes(MiB);

/** A multipart body (`kind`, then `file`) whose file part is `bytes` long, produced as it is read. */
function multipart(bytes: number): { body: Readable; contentType: string; length: number } {
  const boundary = `bench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nvideo\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  function* parts() {
    yield head;
    for (let sent = 0; sent < bytes; sent += BLOCK.length)
      yield BLOCK.subarray(0, Math.min(BLOCK.length, bytes - sent));
    yield tail;
  }
  return {
    body: Readable.from(parts(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + bytes + tail.length,
  };
}

/** Sends one upload of `bytes` generated while sent and returns how long it took until the whole answer was in. */
export async function upload(
  url: string,
  bytes: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const { body, contentType, length } = multipart(bytes);
  const started = performance.now();
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      headers: { ...headers, "Content-Type": contentType, "Content-Length": String(length) },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    pipeline(body, req).catch(reject);
  });
  const { status, text } = await answer;
  if (status !== 201) throw new Error(`upload to ${url} answered ${status}: ${text.slice(0, 300)}`);
  return (performance.now() - started) / 1000;
}

export async function runUpload(): Promise<BenchResult> {
  const simulator = await startSimulator("upload-simulator", PORTS.simulator, 1);
  const app = await startApp("upload-app", {
    port: PORTS.app,
    simulatorUrl: simulator.url,
    databaseFile: freshDatabase(path.join(TMP, "upload", "ledger.db")),
  });
  const resetSimulator = async () =>
    void (await fetch(`${simulator.url}/__sim/reset`, { method: "POST" })).arrayBuffer();
  try {
    const direct = `${simulator.url}/api/v1/uploads`;
    const auth = { Authorization: `Bearer ${TEAM_KEY}` };
    const dashboard = `${app.url}/api/uploads`;
    // Warm-up: the route is loaded and busboy and the upstream client are in memory before the baseline reading.
    await upload(dashboard, MiB);
    await upload(direct, MiB, auth);
    await sleep(1_000);

    const directSeconds: number[] = [];
    const dashboardSeconds: number[] = [];
    const growths: number[] = [];
    // CPU time per upload of each server process: on two cores the extra hop's work is what costs throughput.
    const cpu = {
      dashboard: [] as number[],
      simulatorViaDashboard: [] as number[],
      simulatorDirect: [] as number[],
    };
    const simulatorPid = simulator.proc.child.pid ?? 0;
    let rssBefore = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let simulatorCpu = cpuSeconds(simulatorPid);
      directSeconds.push(await upload(direct, FILE_BYTES, auth));
      cpu.simulatorDirect.push(cpuSeconds(simulatorPid) - simulatorCpu);
      await resetSimulator(); // deletes the stored files
      rssBefore = rssBytes(app.serverPid);
      const appCpu = cpuSeconds(app.serverPid);
      simulatorCpu = cpuSeconds(simulatorPid);
      const { value, peakBytes } = await peakRss(app.serverPid, () => upload(dashboard, FILE_BYTES));
      cpu.dashboard.push(cpuSeconds(app.serverPid) - appCpu);
      cpu.simulatorViaDashboard.push(cpuSeconds(simulatorPid) - simulatorCpu);
      dashboardSeconds.push(value);
      growths.push(peakBytes - rssBefore);
      await resetSimulator();
    }
    const mbps = (seconds: number[]) => round(FILE_BYTES / 1e6 / mean(seconds), 1);
    const directMBps = mbps(directSeconds);
    const dashboardMBps = mbps(dashboardSeconds);
    const throughputRatio = ratio(dashboardMBps, directMBps) ?? 0;
    const rssGrowthMB = round(Math.max(...growths) / MiB, 1);
    const cpuFigures = {
      dashboardServer: round(median(cpu.dashboard), 1),
      simulatorViaDashboard: round(median(cpu.simulatorViaDashboard), 1),
      simulatorDirect: round(median(cpu.simulatorDirect), 1),
    };
    return {
      figures: {
        fileBytes: FILE_BYTES,
        rounds: ROUNDS,
        dashboardMBps,
        directMBps,
        throughputRatio,
        dashboardSeconds: dashboardSeconds.map((s) => round(s, 1)),
        directSeconds: directSeconds.map((s) => round(s, 1)),
        rssBeforeMB: round(rssBefore / MiB, 1),
        rssGrowthMB,
        rssGrowthPerRoundMB: growths.map((g) => round(g / MiB, 1)),
        cpuSecondsPerUpload: cpuFigures,
      },
      rows: [
        throughputRow("throughput (MB/s)", dashboardMBps, directMBps),
        {
          figure: "CPU seconds per upload: dashboard server + simulator",
          dashboard: `${cpuFigures.dashboardServer} + ${cpuFigures.simulatorViaDashboard}`,
          baseline: `0 + ${cpuFigures.simulatorDirect}`,
          ratio: null,
        },
        rssGrowthRow("server RSS growth during the upload (MB)", rssGrowthMB, round(rssBefore / MiB, 1)),
      ],
      notes: [
        `A ${FILE_BYTES / 1e6} MB video sent as multipart, generated while sent; ${ROUNDS} rounds per side, alternating direct and dashboard; throughput is the mean over the rounds.`,
        "CPU seconds are the medians over the rounds, from /proc: the dashboard's hop receives and re-sends every byte, which on two cores shared by the sender, the dashboard and the simulator (and anything else running) is what the throughput ratio pays for.",
        "Baseline for throughput: the same body straight to the simulator's upload endpoint. Baseline for memory: the server's RSS just before the upload (1 MB = 2^20 bytes); growth is its peak during the upload (the kernel's VmHWM, reset before, and 20 ms samples) minus that, the worst round.",
      ],
    };
  } finally {
    await Promise.all([app.stop(), simulator.stop()]);
  }
}

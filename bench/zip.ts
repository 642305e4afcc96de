/**
 * Zip downloads: `GET /api/renders/zip` of renders whose outputs add up to 500 MB, against fetching
 * the same files straight from the service one after another (what a script with the URLs would
 * do), alternating so both see the same machine; and the dashboard server's resident memory while
 * it builds and sends the zip.
 *
 * Outputs of that size come from the simulator's load-test padding (`--media-padding-bytes`): each
 * image output is its drawn PNG plus 20 MB of padding in a chunk PNG readers skip.
 */
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { LedgerRender } from "@/lib/contract";
import { createFinishedRenders } from "./client";
import { rssGrowthRow, throughputRow, type BenchResult } from "./report";
import {
  cpuSeconds,
  freshDatabase,
  peakRss,
  PORTS,
  rssBytes,
  startApp,
  startSimulator,
  TMP,
} from "./servers";
import { median, ratio, round } from "./stats";

const RENDERS = 25;
const PADDING_BYTES = 20_000_000;
/** Rounds per side, alternating direct and dashboard, so a burst of load elsewhere hits both. */
const ROUNDS = 5;
const MiB = 2 ** 20;

/** Reads a whole answer, keeping nothing: its byte count, and when its first byte came. */
async function drain(url: string): Promise<{ bytes: number; firstByteMs: number; response: Response }> {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  let bytes = 0;
  let firstByteMs = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
  }
  return { bytes, firstByteMs, response };
}

async function directly(renders: readonly LedgerRender[]): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  let bytes = 0;
  for (const render of renders) bytes += (await drain(render.outputUrl as string)).bytes;
  return { seconds: (performance.now() - started) / 1000, bytes };
}

export async function runZip(): Promise<BenchResult> {
  const simulator = await startSimulator("zip-simulator", PORTS.simulator, 0.02, [
    "--media-padding-bytes",
    String(PADDING_BYTES),
  ]);
  const app = await startApp("zip-app", {
    port: PORTS.app,
    simulatorUrl: simulator.url,
    databaseFile: freshDatabase(path.join(TMP, "zip", "ledger.db")),
  });
  try {
    const renders = await createFinishedRenders(
      app.url,
      Array.from({ length: RENDERS }, (_, i) => ({
        kind: "image" as const,
        prompt: `zip benchmark ${i}: a lighthouse at night`,
      })),
    );
    if (renders.some((r) => r.status !== "ready")) throw new Error("a benchmark render did not finish ready");
    const zipUrl = `${app.url}/api/renders/zip?ids=${renders.map((r) => r.id).join(",")}`;
    // Warm-up, a whole pass of each side: the route compiled, archiver loaded, and every file
    // served once (a file's first fetch is slower on both sides, and would favour whichever side
    // went second).
    await drain(zipUrl);
    await directly(renders);
    await sleep(1_000);

    const direct: number[] = [];
    const dashboard: number[] = [];
    const growths: number[] = [];
    const firstByte: number[] = [];
    const appCpu: number[] = [];
    let outputBytes = 0;
    let zipBytes = 0;
    let rssBefore = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const baseline = await directly(renders);
      direct.push(baseline.seconds);
      outputBytes = baseline.bytes;
      rssBefore = rssBytes(app.serverPid);
      const cpuBefore = cpuSeconds(app.serverPid);
      const started = performance.now();
      const { value, peakBytes } = await peakRss(app.serverPid, () => drain(zipUrl));
      dashboard.push((performance.now() - started) / 1000);
      appCpu.push(cpuSeconds(app.serverPid) - cpuBefore);
      growths.push(peakBytes - rssBefore);
      firstByte.push(value.firstByteMs);
      zipBytes = value.bytes;
      if (value.bytes < outputBytes)
        throw new Error(`the zip (${value.bytes} bytes) is smaller than its files`);
    }
    // The median round: a burst of load on the shared machine moves one round, not the figure.
    const mbps = (seconds: number[], bytes: number) => round(bytes / 1e6 / median(seconds), 1);
    const directMBps = mbps(direct, outputBytes);
    // Throughput of the files themselves, so the zip's headers and manifests count for nothing.
    const dashboardMBps = mbps(dashboard, outputBytes);
    const throughputRatio = ratio(dashboardMBps, directMBps) ?? 0;
    const rssGrowthMB = round(Math.max(...growths) / MiB, 1);
    return {
      figures: {
        renders: RENDERS,
        outputBytes,
        zipBytes,
        rounds: ROUNDS,
        dashboardMBps,
        directMBps,
        throughputRatio,
        dashboardSeconds: dashboard.map((s) => round(s, 1)),
        directSeconds: direct.map((s) => round(s, 1)),
        firstByteMsMedian: round(median(firstByte), 0),
        dashboardCpuSecondsMedian: round(median(appCpu), 1),
        rssBeforeMB: round(rssBefore / MiB, 1),
        rssGrowthMB,
        rssGrowthPerRoundMB: growths.map((g) => round(g / MiB, 1)),
      },
      rows: [
        throughputRow(
          `zip of ${RENDERS} renders, ${round(outputBytes / 1e6, 0)} MB of outputs (MB/s)`,
          dashboardMBps,
          directMBps,
        ),
        {
          figure: "first byte of the zip (ms, median)",
          dashboard: round(median(firstByte), 0),
          baseline: null,
          ratio: null,
        },
        rssGrowthRow("server RSS growth while zipping (MB)", rssGrowthMB, round(rssBefore / MiB, 1)),
      ],
      notes: [
        `${RENDERS} image renders whose outputs the simulator pads to ${PADDING_BYTES / 1e6} MB each (--media-padding-bytes); the zip is read as fast as the client can, ${ROUNDS} rounds per side, alternating; throughput is the outputs' bytes over the median round's time, after one untimed pass of each side.`,
        "Baseline for throughput: the same files fetched straight from the simulator one after another by the same client. Baseline for memory: the server's RSS just before the zip (1 MB = 2^20 bytes); growth is its peak while zipping (VmHWM, reset before, and 20 ms samples) minus that, the worst round.",
      ],
    };
  } finally {
    await Promise.all([app.stop(), simulator.stop()]);
  }
}

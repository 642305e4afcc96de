/**
 * An output made a reference: a 500 MB video output copied to the service through the dashboard
 * (`POST /api/renders/{id}/reference`: read from the media origin and streamed on to the service's
 * upload endpoint) against uploading the same number of bytes straight to the simulator,
 * alternating so both see the same machine, and the dashboard server's resident memory during the
 * copy. The output is the simulator's clip followed by zeros made while served
 * (`--video-padding-bytes`): nothing of its size is held or stored by the simulator or the benchmark.
 */
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { OutputCopy } from "@/lib/contract";
import { createFinishedRenders } from "./client";
import { rssGrowthRow, throughputRow, type BenchResult } from "./report";
import { freshDatabase, peakRss, PORTS, rssBytes, startApp, startSimulator, TEAM_KEY, TMP } from "./servers";
import { mean, ratio, round } from "./stats";
import { upload } from "./upload";

const PADDING_BYTES = 500_000_000;
/** Rounds per side, alternating direct and dashboard, as the upload benchmark does. */
const ROUNDS = 3;
const MiB = 2 ** 20;

export async function runReference(): Promise<BenchResult> {
  // Fast renders: the video only has to be ready; the copy is what is measured.
  const simulator = await startSimulator("reference-simulator", PORTS.simulator, 0.01, [
    "--video-padding-bytes",
    String(PADDING_BYTES),
  ]);
  const app = await startApp("reference-app", {
    port: PORTS.app,
    simulatorUrl: simulator.url,
    databaseFile: freshDatabase(path.join(TMP, "reference", "ledger.db")),
  });
  try {
    const [video] = await createFinishedRenders(app.url, [
      { kind: "video", prompt: "a copy benchmark", model: "kling", durationSeconds: 5 },
    ]);
    if (video?.status !== "ready" || !video.outputUrl)
      throw new Error("the benchmark's video did not finish");
    const head = await fetch(video.outputUrl, { method: "HEAD" });
    const bytes = Number(head.headers.get("content-length"));
    const copy = async (): Promise<{ seconds: number; url: string }> => {
      const started = performance.now();
      const response = await fetch(`${app.url}/api/renders/${video.id}/reference`, { method: "POST" });
      const body = (await response.json()) as OutputCopy;
      if (response.status !== 200 || !body.copied)
        throw new Error(`the copy answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return { seconds: (performance.now() - started) / 1000, url: body.upload.url };
    };
    /** The service loses the copy, so the next use copies the output again (and its file is gone). */
    const dropCopy = async (url: string) => {
      const uploadId = new URL(url).pathname.split("/")[2] ?? "";
      await (await fetch(`${simulator.url}/__sim/uploads/${uploadId}`, { method: "DELETE" })).arrayBuffer();
    };
    const direct = `${simulator.url}/api/v1/uploads`;
    const auth = { Authorization: `Bearer ${TEAM_KEY}` };
    // Warm-up: the route, the output fetch and the upstream client are loaded before the baseline reading.
    await upload(direct, MiB, auth);
    await dropCopy((await copy()).url);
    await sleep(1_000);

    const directSeconds: number[] = [];
    const dashboardSeconds: number[] = [];
    const growths: number[] = [];
    let rssBefore = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // The direct uploads stay in the simulator's temporary folder until it stops: a reset would
      // also forget the video.
      directSeconds.push(await upload(direct, bytes, auth));
      rssBefore = rssBytes(app.serverPid);
      const { value, peakBytes } = await peakRss(app.serverPid, copy);
      dashboardSeconds.push(value.seconds);
      growths.push(peakBytes - rssBefore);
      await dropCopy(value.url);
    }
    const mbps = (seconds: number[]) => round(bytes / 1e6 / mean(seconds), 1);
    const directMBps = mbps(directSeconds);
    const dashboardMBps = mbps(dashboardSeconds);
    const copyThroughputRatio = ratio(dashboardMBps, directMBps) ?? 0;
    const copyRssGrowthMB = round(Math.max(...growths) / MiB, 1);
    return {
      figures: {
        outputBytes: bytes,
        rounds: ROUNDS,
        dashboardMBps,
        directMBps,
        copyThroughputRatio,
        dashboardSeconds: dashboardSeconds.map((s) => round(s, 1)),
        directSeconds: directSeconds.map((s) => round(s, 1)),
        rssBeforeMB: round(rssBefore / MiB, 1),
        copyRssGrowthMB,
        rssGrowthPerRoundMB: growths.map((g) => round(g / MiB, 1)),
      },
      rows: [
        throughputRow("copy throughput (MB/s)", dashboardMBps, directMBps),
        rssGrowthRow("server RSS growth during the copy (MB)", copyRssGrowthMB, round(rssBefore / MiB, 1)),
      ],
      notes: [
        `A ${round(bytes / 1e6, 1)} MB video output (the simulator's clip and ${PADDING_BYTES / 1e6} MB of zeros made while served, --video-padding-bytes) copied to the service by POST /api/renders/{id}/reference; ${ROUNDS} rounds per side, alternating; throughput is the mean over the rounds. Between rounds the simulator drops the copy (DELETE /__sim/uploads/{id}), so each round copies again.`,
        "Baseline for throughput: the same number of bytes sent as a multipart upload straight to the simulator's upload endpoint (the copy's own last leg). Baseline for memory: the server's RSS just before the copy; growth is its peak during the copy minus that, the worst round.",
      ],
    };
  } finally {
    await Promise.all([app.stop(), simulator.stop()]);
  }
}

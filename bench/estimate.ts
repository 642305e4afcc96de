/**
 * Estimates against charges: a run of renders against a fresh simulator and ledger (several video
 * models, durations, audio on and off, and images), each priced by `GET /api/estimate` just before
 * `POST /api/renders`, as the form does. The ledger keeps each render's estimate beside its charge;
 * the figure is the mean absolute difference over the renders whose price key had been charged
 * before (a key's first video has no estimate: "unknown until the first render of this kind").
 */
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { CostEstimate, CreateRenderResult, LedgerRender } from "@/lib/contract";
import { priceKeyId, priceKeyOf } from "@/lib/domain/rates";
import type { RenderRequest } from "@/lib/domain/render-request";
import type { BenchResult } from "./report";
import { freshDatabase, PORTS, startApp, startSimulator, TMP } from "./servers";
import { mean, median, percentile, round, timed } from "./stats";

/** Each key's durations, in the order rendered: its first teaches the rate, the others are priced by it. */
const VIDEOS: readonly { model: string; resolution: string; durations: readonly number[] }[] = [
  { model: "kling", resolution: "1080p", durations: [10, 5, 7] },
  { model: "seedance", resolution: "720p", durations: [10, 5, 20] },
  { model: "seedance-fast", resolution: "720p", durations: [10, 5] },
  { model: "veo-3.1-fast", resolution: "720p", durations: [8, 4, 6] },
  { model: "veo-3.1-lite", resolution: "1080p", durations: [8, 4, 6] },
];

function workload(): RenderRequest[] {
  const requests: RenderRequest[] = [];
  for (const { model, resolution, durations } of VIDEOS)
    for (const generateAudio of [false, true])
      for (const durationSeconds of durations)
        requests.push({
          kind: "video",
          prompt: `estimate benchmark: ${model} ${durationSeconds} s`,
          model: model as never,
          resolution: resolution as never,
          durationSeconds,
          generateAudio,
        });
  for (const imageCount of [1, 3])
    requests.push({ kind: "image", prompt: "estimate benchmark: a lighthouse", imageCount });
  return requests;
}

async function estimateOf(appUrl: string, request: RenderRequest): Promise<CostEstimate> {
  const priced = Object.entries(request).filter(([name]) => name !== "prompt");
  const query = new URLSearchParams(priced.map(([name, value]) => [name, String(value)]));
  const response = await fetch(`${appUrl}/api/estimate?${query}`);
  if (!response.ok) throw new Error(`estimate answered ${response.status}`);
  return (await response.json()) as CostEstimate;
}

async function create(appUrl: string, request: RenderRequest): Promise<CreateRenderResult> {
  const response = await fetch(`${appUrl}/api/renders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
    body: JSON.stringify(request),
  });
  if (response.status !== 202)
    throw new Error(`create answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CreateRenderResult;
}

export async function runEstimate(): Promise<BenchResult> {
  const simulator = await startSimulator("estimate-simulator", PORTS.simulator, 0.02);
  const app = await startApp("estimate-app", {
    port: PORTS.app,
    simulatorUrl: simulator.url,
    databaseFile: freshDatabase(path.join(TMP, "estimate", "ledger.db")),
  });
  try {
    const seen = new Set<string>();
    const errors: number[] = [];
    const estimateMs: number[] = [];
    let unknownFirst = 0;
    let estimateDisagrees = 0;
    const requests = workload();
    for (const request of requests) {
      const { value: asked, ms } = await timed(() => estimateOf(app.url, request));
      estimateMs.push(ms);
      const created = await create(app.url, request);
      const key = priceKeyId(priceKeyOf(request));
      // What the ledger kept: the estimate made at create, beside the charge.
      const kept = (await (await fetch(`${app.url}/api/renders/${created.id}`)).json()) as LedgerRender;
      if (kept.estimate?.credits !== asked.credits) estimateDisagrees++;
      const firstOfKey = !seen.has(key);
      seen.add(key);
      if (kept.estimate?.credits === null || kept.estimate?.credits === undefined) {
        if (!firstOfKey) throw new Error(`${key} had been charged, yet its estimate is unknown`);
        unknownFirst++;
        continue;
      }
      errors.push(Math.abs(kept.estimate.credits - kept.creditsCharged));
    }
    const meanAbsErrorCredits = round(mean(errors), 3);
    const maxAbsErrorCredits = Math.max(...errors);
    return {
      figures: {
        renders: requests.length,
        priceKeys: seen.size,
        estimated: errors.length,
        unknownFirst,
        meanAbsErrorCredits,
        maxAbsErrorCredits,
        estimateDisagrees,
        estimateMedianMs: round(median(estimateMs), 1),
        estimateP95Ms: round(percentile(estimateMs, 95), 1),
      },
      rows: [
        {
          figure: "meanAbsErrorCredits (renders of a key charged before)",
          dashboard: meanAbsErrorCredits,
          baseline: null,
          ratio: null,
          target: "= 0",
          met: meanAbsErrorCredits === 0,
        },
        {
          figure: "maxAbsErrorCredits",
          dashboard: maxAbsErrorCredits,
          baseline: null,
          ratio: null,
        },
        {
          figure: "renders estimated / unknown (a key's first video)",
          dashboard: `${errors.length} / ${unknownFirst}`,
          baseline: null,
          ratio: null,
        },
        {
          figure: "GET /api/estimate median / p95 ms (one learned_rates read)",
          dashboard: `${round(median(estimateMs), 1)} / ${round(percentile(estimateMs, 95), 1)}`,
          baseline: null,
          ratio: null,
        },
        {
          figure: "ledger estimate differs from GET /api/estimate just before",
          dashboard: estimateDisagrees,
          baseline: null,
          ratio: null,
          target: "= 0",
          met: estimateDisagrees === 0,
        },
      ],
      notes: [
        `${requests.length} renders one after another against a fresh simulator (time scale 0.02) and a fresh ledger: ${VIDEOS.map((v) => `${v.model} ${v.resolution} (${v.durations.join(", ")} s)`).join("; ")}, each without and with audio, then images of 1 and 3 variants.`,
        "The error is |estimate kept at create − credits charged| from the ledger, over every render whose price key had been charged before; images count (included in the plan: 0 against 0).",
        "The simulator prices video per second, linearly, and rounds its 25 % audio surcharge up: a learned rate is the lowest credits per second charged for its key and estimates round up, so a key taught by a render with an exact surcharge is priced exactly at every duration.",
        "No baseline: the dashboard before learned rates keyed neither the audio setting nor the duration exactly, and had no estimate for images before one was made.",
      ],
    };
  } finally {
    await app.stop();
    await simulator.stop();
  }
}

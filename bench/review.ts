/**
 * Review together, live: from a comment's `POST` to its `comment` event on the other open pages.
 * Twenty pages keep the live stream open (`GET /api/events`, as each page does) on a fresh
 * dashboard and ledger; comments are posted one after another on one render, and each is timed
 * until it has arrived on every one of the twenty streams. The issue asks for a p95 of at most 1 s.
 */
import path from "node:path";
import type { Comment, LiveEvent } from "@/lib/contract";
import { SseReader } from "@/test/sse-reader";
import { createFinishedRenders } from "./client";
import type { BenchResult } from "./report";
import { freshDatabase, PORTS, startApp, startSimulator, TMP } from "./servers";
import { median, percentile, round } from "./stats";

const STREAMS = 20;
const COMMENTS = 60;
const P95_TARGET_MS = 1_000;

/** Resolves, per stream, when the comment with `id` has arrived on it. */
function arrivals(readers: readonly SseReader[], id: string, started: number): Promise<number[]> {
  return Promise.all(
    readers.map(async (reader) => {
      await reader.until<LiveEvent>((e) => e.type === "comment" && e.id === id, 30_000);
      return performance.now() - started;
    }),
  );
}

export async function runReview(): Promise<BenchResult> {
  const simulator = await startSimulator("review-simulator", PORTS.simulator, 0.02);
  const app = await startApp("review-app", {
    port: PORTS.app,
    simulatorUrl: simulator.url,
    databaseFile: freshDatabase(path.join(TMP, "review", "ledger.db")),
  });
  const streams: AbortController[] = [];
  try {
    const [render] = await createFinishedRenders(app.url, [{ kind: "image", prompt: "review benchmark" }]);
    if (!render) throw new Error("no render to comment on");
    // The team's comment rate (20 a minute) would stop the run: this measures delivery, not the limit.
    await fetch(`${app.url}/api/team/limits`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ commentsPerMinute: COMMENTS * 2 }),
    });
    const readers: SseReader[] = [];
    for (let n = 0; n < STREAMS; n++) {
      const stop = new AbortController();
      streams.push(stop);
      const response = await fetch(`${app.url}/api/events`, { signal: stop.signal });
      if (!response.body) throw new Error(`GET /api/events answered ${response.status}`);
      const reader = new SseReader(response.body);
      await reader.until<LiveEvent>((e) => e.type === "hello");
      readers.push(reader);
    }
    const samples: number[] = [];
    const postMs: number[] = [];
    for (let n = 0; n < COMMENTS; n++) {
      const started = performance.now();
      const response = await fetch(`${app.url}/api/renders/${render.id}/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text: `Comment ${n + 1}`, pin: { kind: "point", x: 0.5, y: 0.5 } }),
      });
      if (response.status !== 201)
        throw new Error(`comment answered ${response.status}: ${await response.text()}`);
      postMs.push(performance.now() - started);
      const { id } = (await response.json()) as Comment;
      samples.push(...(await arrivals(readers, id, started)));
    }
    const p95 = round(percentile(samples, 95), 1);
    const med = round(median(samples), 1);
    return {
      figures: {
        streams: STREAMS,
        comments: COMMENTS,
        commentToVisibleMedianMs: med,
        commentToVisibleP95Ms: p95,
        commentToVisibleMaxMs: round(Math.max(...samples), 1),
        postMedianMs: round(median(postMs), 1),
      },
      rows: [
        {
          figure: `commentToVisibleP95Ms (POST to its event on each of ${STREAMS} open streams)`,
          dashboard: p95,
          baseline: null,
          ratio: null,
          target: `≤ ${P95_TARGET_MS}`,
          met: p95 <= P95_TARGET_MS,
        },
        { figure: "commentToVisibleMedianMs", dashboard: med, baseline: null, ratio: null },
        {
          figure: "POST /api/renders/{id}/comments median ms",
          dashboard: round(median(postMs), 1),
          baseline: null,
          ratio: null,
        },
      ],
      notes: [
        `${COMMENTS} comments posted one after another on one render, each timed from its POST until its \`comment\` event has arrived on every one of ${STREAMS} open event streams (${COMMENTS * STREAMS} samples); sign-in off, a fresh SQLite ledger, a production build.`,
        "No baseline: the figure is the issue's target itself.",
      ],
    };
  } finally {
    for (const stop of streams) stop.abort();
    await app.stop();
    await simulator.stop();
  }
}

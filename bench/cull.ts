/**
 * Culling from the keyboard: in headless Chromium at 1440×900, the viewer open on the first of 100
 * renders, each rating key (Auto-advance on) timed from the key press to both the rating saved (the
 * answer of `POST /api/renders/marks`) and the next render shown (the URL names it and the viewer
 * says its place, "N of …"). The baseline is the same walk with the arrow key alone: moving with
 * nothing to save. Both walks start from the same page, so the machine's load hits both.
 */
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { createFinishedRenders } from "./client";
import type { BenchResult } from "./report";
import { freshDatabase, PORTS, startApp, startSimulator, TMP } from "./servers";
import { percentile, ratio, round } from "./stats";

const RENDERS = 100;
const PROMPT = "cull benchmark: a lighthouse at dusk";
const TARGET_P95_MS = 150;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** One walk through every render, pressing `key` on each; the time of each step, in ms. */
async function walk(page: Page, appUrl: string, firstId: string, key: (i: number) => string, saves: boolean) {
  await page.goto(`${appUrl}/?q=${encodeURIComponent(PROMPT)}&view=${firstId}`);
  const viewer = page.getByRole("dialog");
  await viewer.getByText(`1 of `).waitFor();
  const steps: number[] = [];
  for (let i = 0; i < RENDERS - 1; i++) {
    const current = new URL(page.url()).searchParams.get("view");
    const started = performance.now();
    const saved = saves
      ? page.waitForResponse((r) => r.url().endsWith("/api/renders/marks") && r.request().method() === "POST")
      : Promise.resolve(null);
    const shown = page.waitForFunction(
      ([from, place]) => {
        const view = new URL(window.location.href).searchParams.get("view");
        const dialog = document.querySelector('[role="dialog"]');
        return view !== from && (dialog?.textContent ?? "").includes(`${place} of `);
      },
      [current, i + 2] as const,
      { polling: "raf", timeout: 10_000 },
    );
    await page.keyboard.press(key(i));
    const [answer] = await Promise.all([saved, shown]).catch(async (error: Error) => {
      const place = await viewer.getByText(/ of \d+/).textContent();
      throw new Error(
        `step ${i + 1} (${key(i)}) did not show the next render (at "${place}", ${page.url()}): ${error.message}`,
      );
    });
    if (answer && !answer.ok()) throw new Error(`a rating was refused: ${answer.status()}`);
    steps.push(performance.now() - started);
  }
  return steps;
}

export async function runCull(): Promise<BenchResult> {
  const simulator = await startSimulator("cull-simulator", PORTS.cullSimulator, 0.02);
  const app = await startApp("cull-app", {
    port: PORTS.cullApp,
    simulatorUrl: simulator.url,
    databaseFile: freshDatabase(path.join(TMP, "cull", "ledger.db")),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const renders = await createFinishedRenders(
      app.url,
      Array.from({ length: RENDERS / 4 }, () => ({ kind: "image" as const, prompt: PROMPT, imageCount: 4 })),
    );
    const list = (await (
      await fetch(`${app.url}/api/renders?limit=1&q=${encodeURIComponent(PROMPT)}`)
    ).json()) as { items: { id: string }[] };
    const firstId = list.items[0]?.id;
    if (!firstId || renders.length !== RENDERS) throw new Error("the benchmark's renders were not made");
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // A first walk warms the server and the browser's caches (pages compiled, images fetched).
    await walk(page, app.url, firstId, () => "ArrowRight", false);
    const moves = await walk(page, app.url, firstId, () => "ArrowRight", false);
    const ratings = await walk(page, app.url, firstId, (i) => String((i % 5) + 1), true);
    const p95 = round(percentile(ratings, 95), 1);
    const moveP95 = round(percentile(moves, 95), 1);
    return {
      figures: {
        keyToNextP95Ms: p95,
        keyToNextMedianMs: round(percentile(ratings, 50), 1),
        arrowToNextP95Ms: moveP95,
        steps: ratings.length,
      },
      rows: [
        {
          figure: "rating key → saved and next shown, p95 (ms)",
          dashboard: p95,
          baseline: moveP95,
          ratio: ratio(p95, moveP95),
          target: `≤ ${TARGET_P95_MS}`,
          met: p95 <= TARGET_P95_MS,
        },
        {
          figure: "rating key → saved and next shown, median (ms)",
          dashboard: round(percentile(ratings, 50), 1),
          baseline: round(percentile(moves, 50), 1),
          ratio: ratio(percentile(ratings, 50), percentile(moves, 50)),
        },
      ],
      notes: [
        `${RENDERS} renders, ${ratings.length} rating keys with Auto-advance on, headless Chromium at 1440×900.`,
        "Baseline: the same walk with the arrow key (moving, nothing saved).",
        "Timed from the key press (sent by the test driver) to the marks answer and the next render's place shown.",
      ],
    };
  } finally {
    await browser.close();
    await app.stop();
    await simulator.stop();
  }
}

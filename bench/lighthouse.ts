/**
 * A Lighthouse desktop run (performance, accessibility) in the system Chromium. Lighthouse 12 is
 * the last line that runs on Node 20 (13 needs Node 22.19). Scores depend on the machine's speed at
 * that moment, so the run's own CPU benchmark (`benchmarkIndex`) is reported beside them.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { TMP } from "./servers";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export type LighthouseFigures =
  | {
      performance: number;
      accessibility: number;
      firstContentfulPaintMs: number;
      largestContentfulPaintMs: number;
      totalBlockingTimeMs: number;
      cumulativeLayoutShift: number;
      /** Lighthouse's CPU benchmark of this machine during the run: higher is faster. */
      benchmarkIndex: number;
    }
  | { error: string };

export async function runLighthouse(url: string): Promise<LighthouseFigures> {
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  } catch (error) {
    return { error: `Chromium could not start (${CHROMIUM}): ${String(error)}` };
  }
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      },
      desktopConfig,
    );
    if (!result) return { error: "Lighthouse returned no result" };
    const { lhr } = result;
    writeFileSync(path.join(TMP, "lighthouse.json"), JSON.stringify(lhr, null, 1));
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      firstContentfulPaintMs: audit("first-contentful-paint"),
      largestContentfulPaintMs: audit("largest-contentful-paint"),
      totalBlockingTimeMs: audit("total-blocking-time"),
      cumulativeLayoutShift: Number(
        (lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3),
      ),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
  } catch (error) {
    return { error: `Lighthouse failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    chrome.kill();
  }
}

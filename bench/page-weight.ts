/**
 * Page weight: the gzip size of the JavaScript the dashboard page (`/`) loads first, against the
 * framework's own share of the same build, plus a Lighthouse desktop run of that page.
 *
 * Next 16 prints no first-load sizes, so they are measured from what the server sends: the page's
 * `<script src>` chunks (not the `noModule` polyfills modern browsers skip), each gzipped. The
 * baseline is the build manifest's `rootMainFiles`: the runtime chunks every App Router page of
 * this build loads, React and Next included, which is what a bare page would ship. No bare page is
 * added to the app for this (a page that ships only to be measured would be odd in production);
 * a page with only the root layout (the 404 page) is measured too, to split the app's share into
 * the layout everyone gets (header, account, providers) and the dashboard page's own.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createFinishedRenders } from "./client";
import { runLighthouse } from "./lighthouse";
import type { BenchResult } from "./report";
import { BUILD_DIR, freshDatabase, PORTS, startApp, startSimulator, TMP } from "./servers";
import { ratio, round } from "./stats";

/** The home page's first-load JS, gzip: about what the framework ships plus a lean app. */
const TARGET_FIRST_LOAD_KB = 175;
const KB = 1024;

/** The chunks a page's HTML loads, as URL paths; `noModule` scripts are left out. */
async function pageScripts(baseUrl: string, pagePath: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl}${pagePath}`)).text();
  const scripts = new Set<string>();
  for (const [tag, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    if (src && !/\bnomodule\b/i.test(tag)) scripts.add(src);
  }
  if (scripts.size === 0) throw new Error(`no scripts found in ${pagePath}`);
  return [...scripts];
}

/**
 * Libraries recognisable in a minified chunk by strings that survive minification (property names,
 * attributes, error messages): a hint of where the weight is, not an exact attribution.
 */
const MARKERS: Record<string, RegExp> = {
  zod: /\b_zod\b/,
  "react-query": /No QueryClient set/,
  sonner: /data-sonner-toaster/,
  "radix-ui": /data-radix-|radix-/,
  "react-dropzone": /file-invalid-type/,
};

interface Chunk {
  gzipBytes: number;
  contains: string[];
}

/** gzip -9 size of each chunk as the server sends it, and the libraries it visibly holds. */
async function chunks(baseUrl: string, paths: readonly string[]): Promise<Map<string, Chunk>> {
  const found = new Map<string, Chunk>();
  for (const chunk of paths) {
    const response = await fetch(`${baseUrl}${chunk}`);
    if (!response.ok) throw new Error(`${chunk} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString("utf8");
    found.set(chunk, {
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      contains: Object.entries(MARKERS).flatMap(([name, marker]) => (marker.test(text) ? [name] : [])),
    });
  }
  return found;
}

const totalKB = (found: Map<string, Chunk>, paths: readonly string[]) =>
  round(paths.reduce((sum, c) => sum + (found.get(c)?.gzipBytes ?? 0), 0) / KB, 1);

export async function runPageWeight(): Promise<BenchResult> {
  const simulator = await startSimulator("page-weight-simulator", PORTS.simulator, 0.01);
  const app = await startApp("page-weight-app", {
    port: PORTS.app,
    simulatorUrl: simulator.url,
    databaseFile: freshDatabase(path.join(TMP, "page-weight", "ledger.db")),
  });
  try {
    // A gallery with something in it, as a team sees the page: finished images and videos.
    await createFinishedRenders(app.url, [
      { kind: "image", prompt: "page weight: harbour at dawn", imageCount: 4 },
      { kind: "image", prompt: "page weight: desert road", imageModel: "nano-banana" },
      { kind: "video", prompt: "page weight: waves", model: "kling", durationSeconds: 5 },
      {
        kind: "video",
        prompt: "page weight: stitched drive",
        model: "seedance",
        durationSeconds: 30,
        resolution: "480p",
      },
    ]);
    const manifest = JSON.parse(
      readFileSync(path.join(BUILD_DIR, ".next", "build-manifest.json"), "utf8"),
    ) as {
      rootMainFiles: string[];
    };
    const framework = manifest.rootMainFiles.map((file) => `/_next/${file}`);
    const dashboard = await pageScripts(app.url, "/");
    const shell = await pageScripts(app.url, "/bench-no-such-page");
    const sizes = await chunks(app.url, [...new Set([...framework, ...dashboard, ...shell])]);
    const missing = framework.filter((chunk) => !dashboard.includes(chunk));
    if (missing.length > 0) throw new Error(`the page does not load framework chunks ${missing.join(", ")}`);

    const firstLoadKB = totalKB(sizes, dashboard);
    const frameworkGzipKB = totalKB(sizes, framework);
    const shellGzipKB = totalKB(sizes, shell);
    const pageRatio = ratio(firstLoadKB, frameworkGzipKB) ?? 0;
    // The app's own chunks, largest first: where the weight above the framework is.
    const appChunks = dashboard
      .filter((chunk) => !framework.includes(chunk))
      .map((chunk) => ({
        chunk,
        gzipKB: round((sizes.get(chunk)?.gzipBytes ?? 0) / KB, 1),
        layout: shell.includes(chunk),
        contains: sizes.get(chunk)?.contains ?? [],
      }))
      .sort((a, b) => b.gzipKB - a.gzipKB);
    const lighthouse = await runLighthouse(`${app.url}/`);
    const lighthouseRows =
      "error" in lighthouse
        ? [
            {
              figure: "Lighthouse desktop",
              dashboard: `not measured: ${lighthouse.error}`,
              baseline: null,
              ratio: null,
            },
          ]
        : [
            {
              figure: "Lighthouse performance (desktop)",
              dashboard: lighthouse.performance,
              baseline: null,
              ratio: null,
            },
            {
              figure: "Lighthouse accessibility",
              dashboard: lighthouse.accessibility,
              baseline: null,
              ratio: null,
            },
            {
              figure: "Lighthouse LCP / TBT (ms)",
              dashboard: `${lighthouse.largestContentfulPaintMs} / ${lighthouse.totalBlockingTimeMs}`,
              baseline: `CPU benchmark ${lighthouse.benchmarkIndex}`,
              ratio: null,
            },
          ];
    return {
      figures: {
        firstLoadKB,
        frameworkGzipKB,
        shellGzipKB,
        ratio: pageRatio,
        shellRatio: ratio(firstLoadKB, shellGzipKB),
        // Largest first: where the weight is.
        appChunks,
        lighthouse,
      },
      rows: [
        {
          figure: "first-load JS, gzip (KB)",
          dashboard: firstLoadKB,
          baseline: frameworkGzipKB,
          ratio: pageRatio,
          target: `≤ ${TARGET_FIRST_LOAD_KB} KB`,
          met: firstLoadKB <= TARGET_FIRST_LOAD_KB,
        },
        {
          figure: "first-load JS vs a layout-only page (KB)",
          dashboard: firstLoadKB,
          baseline: shellGzipKB,
          ratio: ratio(firstLoadKB, shellGzipKB),
        },
        ...lighthouseRows,
      ],
      notes: [
        "Sizes are `gzip -9` of each `<script src>` chunk the server sends for the page (noModule polyfills excluded), in KB of 1024 bytes.",
        "Baseline: the build manifest's `rootMainFiles`, the React and Next runtime chunks every page of this build loads, i.e. what a bare page ships. " +
          "The layout-only page is the 404 page: framework plus the root layout (header, account panel, providers).",
        `The app's chunks, largest first (gzip KB; "layout" when every page loads it; libraries recognised by marker strings): ${appChunks
          .map(
            (c) =>
              `${c.gzipKB}${c.layout ? " layout" : ""}${c.contains.length > 0 ? ` (${c.contains.join(", ")})` : ""}`,
          )
          .join("; ")}.`,
        "Lighthouse 12 (desktop preset) in the system Chromium, on the dashboard page with a few finished renders in the gallery; " +
          "scores depend on the machine's load, so its CPU benchmark index is given as the baseline.",
      ],
    };
  } finally {
    await Promise.all([app.stop(), simulator.stop()]);
  }
}

/**
 * The results of a run: one table row per figure (the dashboard's value, the baseline measured in
 * the same run, their ratio and the target), printed and written to bench/results.json and
 * bench/results.md. A run of some benchmarks replaces only their sections, so the files always hold
 * the latest figure of each.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { ROOT, type BuildInfo } from "./servers";
import { ratio } from "./stats";

export interface Row {
  figure: string;
  dashboard: number | string;
  baseline: number | string | null;
  /** dashboard / baseline where that means something. */
  ratio: number | null;
  target?: string;
  /** null: no target, or it could not be measured. */
  met?: boolean | null;
}

export interface BenchResult {
  /** Figures by name, as results.json carries them. */
  figures: Record<string, unknown>;
  rows: Row[];
  /** What a reader needs to interpret the figures: settings, what the baseline is, caveats. */
  notes: string[];
}

export const BENCHMARKS = [
  "polls",
  "live",
  "proxy",
  "upload",
  "pageWeight",
  "history",
  "zip",
  "estimate",
  "replicas",
  "cull",
  "review",
  "reference",
  "fanout",
] as const;
export type BenchmarkName = (typeof BENCHMARKS)[number];

const TITLES: Record<BenchmarkName, string> = {
  polls: "1. Poll efficiency under a tight budget",
  live: "2. Live updates with spare budget",
  proxy: "3. Proxy overhead",
  upload: "4. Upload streaming",
  pageWeight: "5. Page weight",
  history: "6. History scale",
  zip: "7. Zip downloads",
  estimate: "8. Estimates against charges",
  replicas: "9. Replicas: failover and the shared poll budget",
  cull: "10. Culling from the keyboard",
  review: "11. Review: a comment on every open page",
  reference: "12. An output copied as a reference",
  fanout: "13. Live fan-out: 500 open pages on 3 replicas",
};

/** Streaming through the dashboard keeps at least this share of the direct path's throughput. */
const THROUGHPUT_TARGET = 0.6;
/** The most a streaming route may grow the server's memory, in MB. */
const RSS_GROWTH_TARGET_MB = 64;

/** A streaming benchmark's throughput (MB/s) beside the same bytes sent directly. */
export function throughputRow(figure: string, dashboardMBps: number, directMBps: number): Row {
  const throughputRatio = ratio(dashboardMBps, directMBps) ?? 0;
  return {
    figure,
    dashboard: dashboardMBps,
    baseline: directMBps,
    ratio: throughputRatio,
    target: `ratio ≥ ${THROUGHPUT_TARGET}`,
    met: throughputRatio >= THROUGHPUT_TARGET,
  };
}

/** A streaming benchmark's server memory growth beside the RSS it started from (both MB). */
export function rssGrowthRow(figure: string, growthMB: number, beforeMB: number): Row {
  return {
    figure,
    dashboard: growthMB,
    baseline: beforeMB,
    ratio: null,
    target: `≤ ${RSS_GROWTH_TARGET_MB}`,
    met: growthMB <= RSS_GROWTH_TARGET_MB,
  };
}

interface ResultsFile {
  generatedAt: string;
  command: string;
  machine: { cpus: number; memoryGB: number; node: string; loadAverage1m: number };
  build: BuildInfo;
  tables: Partial<Record<BenchmarkName, Row[]>>;
  notes: Partial<Record<BenchmarkName, string[]>>;
  [section: string]: unknown;
}

const JSON_FILE = path.join(ROOT, "bench", "results.json");
const MD_FILE = path.join(ROOT, "bench", "results.md");

const show = (value: number | string | null | undefined) =>
  value === null || value === undefined ? "–" : String(value);
const verdict = (met: boolean | null | undefined) =>
  met === true ? "met" : met === false ? "**missed**" : "";

function markdownTable(rows: readonly Row[]): string {
  const lines = ["| figure | dashboard | baseline | ratio | target | |", "|---|---|---|---|---|---|"];
  for (const row of rows) {
    lines.push(
      `| ${row.figure} | ${show(row.dashboard)} | ${show(row.baseline)} | ${show(row.ratio)} | ${row.target ?? ""} | ${verdict(row.met)} |`,
    );
  }
  return lines.join("\n");
}

/** The table for a terminal: fixed-width columns. */
export function consoleTable(name: BenchmarkName, rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.figure,
    show(r.dashboard),
    show(r.baseline),
    show(r.ratio),
    r.target ?? "",
    verdict(r.met).replaceAll("*", ""),
  ]);
  const header = ["figure", "dashboard", "baseline", "ratio", "target", ""];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [TITLES[name], line(header), ...cells.map(line)].join("\n");
}

/** Writes a results file as the repository's Prettier settings format it, so `prettier --check` passes. */
export async function writeFormatted(file: string, text: string): Promise<void> {
  const options = await resolveConfig(file);
  writeFileSync(file, await format(text, { ...options, filepath: file }));
}

/** Merges this run's sections into results.json and rewrites results.md from the whole file. */
export async function writeResults(
  results: Partial<Record<BenchmarkName, BenchResult>>,
  run: { build: BuildInfo; seconds: number },
): Promise<void> {
  const previous = existsSync(JSON_FILE)
    ? (JSON.parse(readFileSync(JSON_FILE, "utf8")) as ResultsFile)
    : undefined;
  const file: ResultsFile = {
    ...previous,
    generatedAt: new Date().toISOString(),
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    runSeconds: Math.round(run.seconds),
    build: {
      source: run.build.source,
      seconds: run.build.seconds === null ? null : Math.round(run.build.seconds),
    },
    machine: {
      cpus: os.cpus().length,
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverage1m: Number(os.loadavg()[0]?.toFixed(2) ?? 0),
    },
    tables: { ...previous?.tables },
    notes: { ...previous?.notes },
  };
  for (const name of BENCHMARKS) {
    const result = results[name];
    if (!result) continue;
    file[name] = { measuredAt: file.generatedAt, ...result.figures };
    file.tables[name] = result.rows;
    file.notes[name] = result.notes;
  }
  await writeFormatted(JSON_FILE, `${JSON.stringify(file, null, 2)}\n`);

  const sections = BENCHMARKS.filter((name) => file.tables[name]).map((name) => {
    const measuredAt = (file[name] as { measuredAt?: string } | undefined)?.measuredAt ?? "";
    const notes = (file.notes[name] ?? []).map((n) => `- ${n}`).join("\n");
    return `## ${TITLES[name]}\n\nMeasured ${measuredAt}.\n\n${markdownTable(file.tables[name] ?? [])}\n\n${notes}\n`;
  });
  const { machine } = file;
  await writeFormatted(
    MD_FILE,
    [
      "# Benchmark results",
      "",
      `Written by \`${file.command}\` on ${file.generatedAt}, measuring a production build of the ${file.build.source} ` +
        `(${machine.cpus} cores, ${machine.memoryGB} GB, Node ${machine.node}, ` +
        `load average ${machine.loadAverage1m} at the end). Every baseline was measured in the same run as the figure beside it.`,
      "",
      ...sections,
    ].join("\n"),
  );
}

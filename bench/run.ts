/**
 * `npm run bench [-- NAME...] [--no-build] [--worktree]`: builds the dashboard once (a production
 * build of HEAD, or of the working tree with --worktree), runs the named benchmarks (all by default) against the bundled simulator, prints
 * each table and writes bench/results.json and bench/results.md. Every figure sits beside a
 * baseline measured in the same run, so the ratios hold on a busy machine.
 */
import { runCull } from "./cull";
import { runEstimate } from "./estimate";
import { runHistory } from "./history";
import { runLive } from "./live";
import { runLiveFanout } from "./live-fanout";
import { runPageWeight } from "./page-weight";
import { runPolls } from "./polls";
import { runProxy } from "./proxy";
import { runReplicas } from "./replicas";
import { runReference } from "./reference";
import { runReview } from "./review";
import { BENCHMARKS, consoleTable, writeResults, type BenchmarkName, type BenchResult } from "./report";
import { buildApp, stopAll } from "./servers";
import { runUpload } from "./upload";
import { runZip } from "./zip";

const RUNNERS: Record<BenchmarkName, () => Promise<BenchResult>> = {
  polls: runPolls,
  live: runLive,
  proxy: runProxy,
  upload: runUpload,
  pageWeight: runPageWeight,
  history: runHistory,
  zip: runZip,
  estimate: runEstimate,
  replicas: runReplicas,
  cull: runCull,
  review: runReview,
  reference: runReference,
  fanout: runLiveFanout,
};

/**
 * Benchmarks that time the ledger's own code in a process of their own (bench/history-ledger.ts)
 * and start no server: a run of these alone needs no production build.
 */
const WITHOUT_BUILD: ReadonlySet<BenchmarkName> = new Set(["history"]);

/** Accepts the file names too (`page-weight`), as the modules are named. */
const ALIASES: Record<string, BenchmarkName> = { "page-weight": "pageWeight", "live-fanout": "fanout" };

interface Args {
  names: BenchmarkName[];
  reuse: boolean;
  worktree: boolean;
}

function parseArgs(argv: string[]): Args {
  const names: BenchmarkName[] = [];
  let reuse = false;
  let worktree = false;
  for (const arg of argv) {
    if (arg === "--no-build") reuse = true;
    else if (arg === "--worktree") worktree = true;
    else {
      const name = ALIASES[arg] ?? arg;
      if (!(BENCHMARKS as readonly string[]).includes(name)) {
        throw new Error(
          `unknown argument "${arg}": benchmarks are ${BENCHMARKS.join(", ")}; flags --no-build, --worktree`,
        );
      }
      names.push(name as BenchmarkName);
    }
  }
  return { names: names.length > 0 ? names : [...BENCHMARKS], reuse, worktree };
}

async function announcedBuild(options: { reuse: boolean; worktree: boolean }) {
  console.log(
    options.reuse
      ? "Reusing the earlier production build (--no-build)"
      : "Building the dashboard (next build)…",
  );
  return buildApp(options);
}

async function main(): Promise<void> {
  const started = performance.now();
  const { names, reuse, worktree } = parseArgs(process.argv.slice(2));
  const build = names.every((name) => WITHOUT_BUILD.has(name))
    ? { source: "source tree (no build: the benchmarks run read the ledger directly)", seconds: null }
    : await announcedBuild({ reuse, worktree });
  console.log(
    `Measuring a production build of the ${build.source}${build.seconds === null ? "" : `, built in ${Math.round(build.seconds)} s`}`,
  );

  const results: Partial<Record<BenchmarkName, BenchResult>> = {};
  let failed = false;
  for (const name of names) {
    const benchStarted = performance.now();
    console.log(`\nRunning ${name}…`);
    try {
      results[name] = await RUNNERS[name]();
      console.log(
        `${consoleTable(name, results[name].rows)}\n(${Math.round((performance.now() - benchStarted) / 1000)} s)`,
      );
    } catch (error) {
      failed = true;
      console.error(
        `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    } finally {
      // Whatever a benchmark left running (after a failure) must not hold the next one's ports.
      await stopAll();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await writeResults(results, { build, seconds });
  console.log(
    `\nResults written to bench/results.json and bench/results.md (${Math.round(seconds)} s in all).`,
  );
  if (failed) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  })
  .finally(() => stopAll());

/**
 * History scale: `GET /api/renders` on a ledger of 10,000 renders, newest first, with filters, text
 * search and a cursor deep in the list, against the same requests on a ledger of 100 renders served
 * by the same build in the same run: the ratio is what the history's size costs.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { BenchResult, Row } from "./report";
import {
  BUILD_DIR,
  freshDatabase,
  PORTS,
  ROOT,
  startApp,
  startSimulator,
  TMP,
  type App,
  type Simulator,
} from "./servers";
import { mean, percentile, ratio, round, timed } from "./stats";

/** The word the text search looks for; the seed puts it in about 1 prompt in 100, as a rare subject. */
export const SEARCH_WORD = "lighthouse";
const LARGE = 10_000;
const SMALL = 100;
const TARGET_P95_MS = 50;
const WARMUP = 20;
const SAMPLES = 200;
/** Default page size of the list API: the deep cursor leaves exactly one full page after it. */
const PAGE = 30;

/** `search` marks the prompt searches, whose slowest p95 is `searchP95Ms`. */
const QUERIES = [
  { name: "newest first, no filter", query: "" },
  { name: "status=ready&kind=video", query: "status=ready&kind=video" },
  { name: "model=kling", query: "model=kling" },
  { name: `text search q=${SEARCH_WORD}`, query: `q=${SEARCH_WORD}`, search: true },
  { name: "prefix search q=light", query: "q=light", search: true },
  { name: "two words q=harb dawn", query: "q=harb%20dawn", search: true },
  { name: "text search and filter", query: `q=harbour&kind=image`, search: true },
  { name: "most credits first", query: "sort=credits" },
  { name: "oldest first, last 30 days", query: "sort=oldest&from=LAST_30_DAYS" },
  { name: "cursor at the last full page", query: "cursor" },
] as const;

/**
 * Writes a ledger of `renders` to `file`. Seeding 10,000 renders row by row takes a minute or two,
 * so the seeded file is kept and copied while the schema (the build's migrations) and the seed
 * script are unchanged; the copy is what the server opens, so the kept file is never altered.
 */
function seed(file: string, renders: number): void {
  const hash = createHash("sha256");
  const migrations = path.join(BUILD_DIR, "lib", "server", "db", "migrations");
  for (const name of readdirSync(migrations).sort())
    if (!name.endsWith(".test.ts")) hash.update(readFileSync(path.join(migrations, name)));
  const key = hash
    .update(readFileSync(path.join(ROOT, "bench", "history-seed.ts")))
    .digest("hex")
    .slice(0, 12);
  const kept = path.join(TMP, "history", `seeded-${renders}-${key}.db`);
  if (!existsSync(kept)) {
    // Files seeded for another schema or seed script are of no further use.
    mkdirSync(path.dirname(kept), { recursive: true });
    for (const old of readdirSync(path.dirname(kept))) {
      if (old.startsWith(`seeded-${renders}-`)) rmSync(path.join(path.dirname(kept), old));
    }
    execFileSync(
      process.execPath,
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        "bench/history-seed.ts",
        freshDatabase(`${kept}.partial`),
        String(renders),
      ],
      { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] },
    );
    renameSync(`${kept}.partial`, kept);
  }
  copyFileSync(kept, freshDatabase(file));
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Pages through the list to the cursor that leaves one full page: the deepest a reader can page to. */
async function deepCursor(appUrl: string, total: number): Promise<string> {
  const target = total - PAGE;
  let cursor: string | null = null;
  for (let seen = 0; seen < target;) {
    const limit = Math.min(100, target - seen);
    const page: { items: unknown[]; nextCursor: string | null } = await getJson(
      `${appUrl}/api/renders?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    if (!page.nextCursor) throw new Error(`the list ended after ${seen + page.items.length} renders`);
    seen += page.items.length;
    cursor = page.nextCursor;
  }
  if (!cursor) throw new Error("no cursor");
  return cursor;
}

interface QueryFigures {
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
  /** Items on the first page (the default page size is 30), to show each query finds something. */
  items: number;
}

interface Served {
  app: App;
  renders: number;
  cursor: string;
  samples: Map<string, number[]>;
  items: Map<string, number>;
}

async function serve(simulator: Simulator, renders: number, port: number): Promise<Served> {
  const file = path.join(TMP, "history", `ledger-${renders}.db`);
  seed(file, renders);
  const app = await startApp(`history-app-${renders}`, {
    port,
    simulatorUrl: simulator.url,
    databaseFile: file,
  });
  return { app, renders, cursor: await deepCursor(app.url, renders), samples: new Map(), items: new Map() };
}

/** 30 days before the run, as the gallery's preset asks: the seeded history falls within it. */
const LAST_30_DAYS = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

const urlOf = (served: Served, query: string) =>
  `${served.app.url}/api/renders?${query === "cursor" ? `cursor=${served.cursor}` : query.replace("LAST_30_DAYS", LAST_30_DAYS)}`;

/**
 * Times every query on both ledgers with the requests paired (one on each, in alternating order),
 * so a burst of load elsewhere on the machine lands on both sides alike.
 */
async function measurePaired(sides: readonly Served[]): Promise<void> {
  for (const { name, query } of QUERIES) {
    for (const side of sides) {
      let items = 0;
      for (let i = 0; i < WARMUP; i++)
        items = (await getJson<{ items: unknown[] }>(urlOf(side, query))).items.length;
      side.items.set(name, items);
      side.samples.set(name, []);
    }
    for (let i = 0; i < SAMPLES; i++) {
      const order = i % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order)
        side.samples.get(name)?.push((await timed(() => getJson(urlOf(side, query)))).ms);
    }
  }
}

function figuresOf(side: Served): Record<string, QueryFigures> {
  const figures: Record<string, QueryFigures> = {};
  for (const { name } of QUERIES) {
    const samples = side.samples.get(name) ?? [];
    figures[name] = {
      p50Ms: round(percentile(samples, 50), 1),
      p95Ms: round(percentile(samples, 95), 1),
      meanMs: round(mean(samples), 1),
      items: side.items.get(name) ?? 0,
    };
  }
  return figures;
}

export async function runHistory(): Promise<BenchResult> {
  const simulator = await startSimulator("history-simulator", PORTS.simulator, 1);
  try {
    const sides = [await serve(simulator, LARGE, PORTS.app), await serve(simulator, SMALL, PORTS.secondApp)];
    await measurePaired(sides);
    await Promise.all(sides.map((side) => side.app.stop()));
    const [large, small] = sides.map(figuresOf) as [
      Record<string, QueryFigures>,
      Record<string, QueryFigures>,
    ];
    const rows: Row[] = [];
    for (const { name } of QUERIES) {
      const l = large[name];
      const s = small[name];
      if (!l || !s) continue;
      rows.push(
        {
          figure: `${name}: p50 (ms)`,
          dashboard: l.p50Ms,
          baseline: s.p50Ms,
          ratio: ratio(l.p50Ms, s.p50Ms),
        },
        {
          figure: `${name}: p95 (ms)`,
          dashboard: l.p95Ms,
          baseline: s.p95Ms,
          ratio: ratio(l.p95Ms, s.p95Ms),
          target: `≤ ${TARGET_P95_MS}`,
          met: l.p95Ms <= TARGET_P95_MS,
        },
      );
    }
    const worst = (figures: Record<string, QueryFigures>, names = QUERIES.map((q) => q.name)) =>
      Math.max(...names.map((name) => figures[name]?.p95Ms ?? 0));
    const searches = QUERIES.filter((q) => "search" in q).map((q) => q.name);
    return {
      figures: {
        renders: LARGE,
        listP95Ms: worst(large),
        searchP95Ms: worst(large, searches),
        listP50Ms: large[QUERIES[0].name]?.p50Ms,
        queries: large,
        baseline: {
          renders: SMALL,
          listP95Ms: worst(small),
          searchP95Ms: worst(small, searches),
          queries: small,
        },
      },
      rows,
      notes: [
        `Items on the page, ${LARGE} / ${SMALL} renders: ${QUERIES.map(({ name }) => `${name} ${large[name]?.items ?? 0} / ${small[name]?.items ?? 0}`).join("; ")}. ` +
          "A rare word is found on a full page of the large history but only a few times in the small one, so that ratio also carries the larger answer.",
        `${LARGE.toLocaleString("en")} renders (a mix of images, batches of 2 to 4 images and videos, 12 % failed, about 1 prompt in 100 naming "${SEARCH_WORD}") seeded with the ledger's own functions; the baseline is the same requests on ${SMALL} renders.`,
        `Each query: ${WARMUP} warm-up requests per ledger, then ${SAMPLES} timed requests on each, paired (one on each ledger, alternating which goes first) so both see the same machine; default page of 30, client-side time. \`listP95Ms\` is the slowest query's p95, \`searchP95Ms\` the slowest prompt search's (target ≤ ${TARGET_P95_MS} ms).`,
      ],
    };
  } finally {
    await simulator.stop();
  }
}

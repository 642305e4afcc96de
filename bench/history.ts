/**
 * History scale: the app's own reads of the gallery's list (newest first, filters, a prompt search,
 * a cursor deep in the list, a board of 5,000) and of the usage page's 90-day aggregation, timed on a
 * ledger of a year of a busy team's renders (1,000,000 by default; `HISTORY_RENDERS` picks another
 * size) against the same reads on 10,000, on SQLite and on PostgreSQL. The ratio is what the
 * history's size costs. Each database's plan of each query is written to docs/history-plans.md.
 *
 * Each database's half runs in a child process (bench/history-ledger.ts), which loads the server's
 * ledger modules under the `react-server` condition; the reads are timed there, in the process that
 * runs them, so the figures are the database's and the ledger code's, without HTTP.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { createDatabase, startPostgres } from "../test/postgres-server";
import type { LedgerJob, LedgerResult, QueryKind } from "./history-ledger";
import { writeFormatted, type BenchResult, type Row } from "./report";
import { freshDatabase, ROOT, TMP } from "./servers";
import { ratio } from "./stats";

const run = promisify(execFile);

/** The large history: a year of twenty creatives making two hundred renders a day. */
const LARGE = Number(process.env.HISTORY_RENDERS ?? 1_000_000);
const SMALL = 10_000;
const TARGETS_MS: Record<QueryKind, number> = { list: 50, search: 50, usage: 200 };
/** The most the large history's p95 may be of the small one's, for every list query. */
const TARGET_RATIO = 2;
const WARMUP = 10;
const SAMPLES = 100;
const DIALECTS = ["sqlite", "postgres"] as const;
type Dialect = (typeof DIALECTS)[number];
const PLANS_FILE = path.join(ROOT, "docs", "history-plans.md");

/** 1M, 50k, 10k: how figures of a size are named in results.json. */
const sizeLabel = (renders: number) =>
  renders >= 1_000_000 && renders % 1_000_000 === 0
    ? `${renders / 1_000_000}M`
    : `${Math.round(renders / 1000)}k`;

/**
 * The seeded SQLite file kept for a size: seeding is minutes at a million renders, so the file is
 * kept and copied while the schema (the migrations) and the seed script are unchanged; the copy is
 * what the reads open, so the kept file is never altered.
 */
function keptFile(renders: number): string {
  const hash = createHash("sha256");
  const migrations = path.join(ROOT, "lib", "server", "db", "migrations");
  for (const name of readdirSync(migrations).sort())
    if (!name.endsWith(".test.ts")) hash.update(readFileSync(path.join(migrations, name)));
  const key = hash
    .update(readFileSync(path.join(ROOT, "bench", "history-seed.ts")))
    .digest("hex")
    .slice(0, 12);
  const dir = path.join(TMP, "history");
  mkdirSync(dir, { recursive: true });
  // Files seeded for another schema or seed script are of no further use.
  for (const old of readdirSync(dir))
    if (old.startsWith(`seeded-${renders}-`) && !old.startsWith(`seeded-${renders}-${key}`))
      rmSync(path.join(dir, old));
  return path.join(dir, `seeded-${renders}-${key}.db`);
}

async function measure(job: LedgerJob): Promise<LedgerResult> {
  const { stdout, stderr } = await run(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "bench/history-ledger.ts", JSON.stringify(job)],
    { cwd: ROOT, maxBuffer: 64 * 2 ** 20 },
  );
  process.stdout.write(stderr);
  const last = stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as LedgerResult;
}

async function measureSqlite(): Promise<LedgerResult> {
  const ledger = (renders: number) => ({
    url: `file:${freshDatabase(path.join(TMP, "history", `ledger-${renders}.db`))}`,
    renders,
    kept: keptFile(renders),
  });
  return measure({
    dialect: "sqlite",
    ledgers: [ledger(LARGE), ledger(SMALL)],
    warmup: WARMUP,
    samples: SAMPLES,
    plans: true,
  });
}

/** PostgreSQL's server is the tests' own (initdb in a temporary directory), seeded every run. */
async function measurePostgres(): Promise<LedgerResult> {
  const server = await startPostgres();
  try {
    const ledgers = [];
    for (const renders of [LARGE, SMALL]) ledgers.push({ url: await createDatabase(server.url), renders });
    return await measure({ dialect: "postgres", ledgers, warmup: WARMUP, samples: SAMPLES, plans: true });
  } finally {
    await server.stop();
  }
}

/** docs/history-plans.md: each query's statements over `renders` and each database's plan of them. */
async function writePlans(results: Record<Dialect, LedgerResult>): Promise<{ seqScans: string[] }> {
  const seqScans: string[] = [];
  const sections = results.postgres.queries.map(({ name }) => {
    const statements = results.postgres.plans[name] ?? [];
    const sqlite = results.sqlite.plans[name] ?? [];
    if (statements.some((s) => /Seq Scan on renders\b/.test(s.plan))) seqScans.push(name);
    return [
      `## ${name}`,
      "",
      ...statements.flatMap((s, i) => [
        "```sql",
        s.sql,
        "```",
        "",
        "PostgreSQL:",
        "",
        "```",
        s.plan,
        "```",
        "",
        "SQLite (the same statement in its dialect):",
        "",
        "```",
        sqlite[i]?.plan ?? "",
        "```",
        "",
      ]),
    ].join("\n");
  });
  const large = results.postgres.ledgers[0]?.renders ?? LARGE;
  await writeFormatted(
    PLANS_FILE,
    [
      "# Plans of the history's queries",
      "",
      `Written by \`npm run bench -- history\` (bench/history.ts) on ${new Date().toISOString().slice(0, 10)}, ` +
        `on the seeded ledgers of ${large.toLocaleString("en")} renders (PostgreSQL after ANALYZE; SQLite as the app ` +
        "leaves it, never analysed). Each query is run through the app's own ledger function " +
        "(bench/history-ledger.ts); the SQL is what Kysely compiled from its query builder, recorded by a plugin " +
        "as it was sent (shown as PostgreSQL's), and each plan the database's `EXPLAIN` (SQLite: `EXPLAIN QUERY PLAN`) " +
        "of it. Only the statements that read `renders` or the usage page's day sums are shown (the others fetch a page's tags, marks and " +
        `favourites by id). Queries with a sequential scan of renders on PostgreSQL: ${seqScans.length === 0 ? "none" : seqScans.join(", ")}.`,
      "",
      ...sections,
    ].join("\n"),
  );
  return { seqScans };
}

export async function runHistory(): Promise<BenchResult> {
  const results: Record<Dialect, LedgerResult> = {
    sqlite: await measureSqlite(),
    postgres: await measurePostgres(),
  };
  const { seqScans } = await writePlans(results);
  const large = sizeLabel(LARGE);
  const small = sizeLabel(SMALL);
  const figures: Record<string, Record<string, Record<string, number | null>>> = {
    [`p95Ms${large}`]: {},
    [`p95Ms${small}`]: {},
    [`p50Ms${large}`]: {},
    [`p50Ms${small}`]: {},
    [`ratio${large}To${small}`]: {},
  };
  const rows: Row[] = [];
  const queries = results.sqlite.queries;
  for (const { name, kind } of queries) {
    for (const key of Object.keys(figures)) figures[key] = { ...figures[key], [name]: {} };
    for (const dialect of DIALECTS) {
      const [l, s] = results[dialect].ledgers;
      const p95 = l?.p95Ms[name] ?? Number.NaN;
      const base = s?.p95Ms[name] ?? Number.NaN;
      const r = ratio(p95, base);
      const set = (key: string, value: number | null) => {
        const byQuery = figures[key]?.[name];
        if (byQuery) byQuery[dialect] = value;
      };
      set(`p95Ms${large}`, p95);
      set(`p95Ms${small}`, base);
      set(`p50Ms${large}`, l?.p50Ms[name] ?? null);
      set(`p50Ms${small}`, s?.p50Ms[name] ?? null);
      set(`ratio${large}To${small}`, r);
      rows.push({
        figure: `${name}, ${dialect}: p95 (ms) at ${large} / ${small}`,
        dashboard: p95,
        baseline: base,
        ratio: r,
        target: `≤ ${TARGETS_MS[kind]}${kind === "usage" ? "" : `, ratio ≤ ${TARGET_RATIO}`}`,
        met: p95 <= TARGETS_MS[kind] && (kind === "usage" || (r !== null && r <= TARGET_RATIO)),
      });
    }
  }
  const smallSqlite = results.sqlite.ledgers[1];
  const worst = (kinds: QueryKind[]) =>
    Math.max(...queries.filter((q) => kinds.includes(q.kind)).map((q) => smallSqlite?.p95Ms[q.name] ?? 0));
  const seeding = DIALECTS.map(
    (d) =>
      `${d} ${results[d].ledgers.map((l) => `${sizeLabel(l.renders)} ${l.seedSeconds ?? "?"} s${l.copied ? " (an earlier run's, its file kept)" : ""}`).join(", ")}`,
  ).join("; ");
  return {
    figures: {
      renders: LARGE,
      baselineRenders: SMALL,
      // The 10,000 renders on SQLite, as the README's table has shown them.
      listP95Ms: worst(["list", "search"]),
      searchP95Ms: worst(["search"]),
      ...figures,
      seedSeconds: Object.fromEntries(
        DIALECTS.map((d) => [
          d,
          Object.fromEntries(results[d].ledgers.map((l) => [sizeLabel(l.renders), l.seedSeconds])),
        ]),
      ),
      items: Object.fromEntries(DIALECTS.map((d) => [d, results[d].ledgers.map((l) => l.items)])),
      postgresSeqScans: seqScans,
    },
    rows,
    notes: [
      `A year of a team's history, ${LARGE.toLocaleString("en")} renders against ${SMALL.toLocaleString("en")}, on each database: 20 members, images (a fifth in batches of 2 to 4) and videos of six settings, 12 % failed, 1 % lost, 0.5 % of creates of unknown outcome, 31 boards (one of ${(5000).toLocaleString("en")}), favourites, ratings and picks, tags, comments and review decisions, 5 % archived, about 1 prompt in 100 naming a rare word (bench/history-seed.ts).`,
      `Seeding (multi-row inserts in transactions of 5,000 requests): ${seeding}.`,
      `Each query: ${WARMUP} warm-up reads per ledger, then ${SAMPLES} timed reads on each, paired (alternating which goes first) so both see the same machine; timed in the process that runs the app's ledger function (listRenders, the page's tags, marks and favourites included; usageCells and boardSpend side by side), default page of 30. Favourites and rating are a member's own. The board, the favourites and the ratings read hold a set of renders spread over the year besides their share, the same at either size (bench/history-seed.ts, MEASURED_SET_RENDERS), so both sizes answer full pages (items per query: \`history.items\`).`,
      `Plans (PostgreSQL and SQLite): docs/history-plans.md; sequential scans of renders on PostgreSQL: ${seqScans.length === 0 ? "none" : seqScans.join(", ")}.`,
    ],
  };
}

/**
 * One database's half of the history benchmark, in a process of its own: opens (and seeds, or for
 * SQLite copies the kept seeded file of) a large and a small ledger, then times the app's own reads
 * on both, paired, and with `plans` reads the database's plan of each query's SQL as Kysely compiles
 * it from the app's query builder. Prints its figures as JSON on the last line of stdout.
 *
 * Usage: node --conditions=react-server --import tsx bench/history-ledger.ts '<Job as JSON>'
 *
 * Server modules start with `import "server-only"`, which throws outside a React Server bundle;
 * under the `react-server` condition it resolves to the empty module Next itself uses there.
 */
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from "kysely";
import { z } from "zod/mini";
import { renderListQuerySchema } from "@/lib/contract";
import { lastDays } from "@/lib/domain/usage";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import type { Database } from "@/lib/server/db/schema";
import { listRenders } from "@/lib/server/ledger/renders";
import { boardSpend, usageCells } from "@/lib/server/ledger/usage";
import {
  BIG_BOARD,
  MEASURED_BOARD_NAME,
  MEASURED_MEMBER_EMAIL,
  SEARCH_WORD,
  seedHistory,
} from "./history-seed";
import { percentile, round, timed } from "./stats";

export interface LedgerJob {
  dialect: "sqlite" | "postgres";
  /** Large first, then the baseline: each is seeded unless `kept` names a seeded SQLite file to copy. */
  ledgers: { url: string; renders: number; kept?: string }[];
  warmup: number;
  samples: number;
  /** EXPLAIN (SQLite: EXPLAIN QUERY PLAN) each query's statements on the large ledger. */
  plans: boolean;
}

export interface LedgerFigures {
  renders: number;
  /** Seconds the seeding took (an earlier run's, for a kept file); null when unknown. */
  seedSeconds: number | null;
  /** The kept seeded file was copied: seeded by an earlier run. */
  copied: boolean;
  p95Ms: Record<string, number>;
  p50Ms: Record<string, number>;
  /** Items on the first page, to show each query finds something. */
  items: Record<string, number>;
}

export interface LedgerResult {
  /** Each query's name and what its target is (a list, a prompt search, the usage aggregation). */
  queries: { name: string; kind: QueryKind }[];
  ledgers: LedgerFigures[];
  /** Query name → the plan of each SQL statement it ran on the large ledger. */
  plans: Record<string, { sql: string; plan: string }[]>;
}

/** The list's default page: the deep cursor leaves exactly one full page after it. */
const PAGE = 30;
const DAY_MS = 86_400_000;

/** The values the queries name (a member, boards, a cursor), read from the seeded ledger itself. */
interface Subjects {
  member: string;
  bigBoard: string;
  smallBoard: string;
  deepCursor: string;
}

export type QueryKind = "list" | "search" | "usage";

/** A timed read: a list query (as `GET /api/renders` receives it, and the member it answers) or the usage aggregation. */
interface Query {
  name: string;
  kind: QueryKind;
  run(db: Db, subjects: Subjects): Promise<number>;
}

const list =
  (query: (s: Subjects) => Record<string, string>, asMember = false) =>
  async (db: Db, subjects: Subjects) => {
    const parsed = z.parse(renderListQuerySchema, query(subjects));
    return (await listRenders(db, parsed, asMember ? subjects.member : "")).items.length;
  };

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

const QUERIES: readonly Query[] = [
  { name: "newest", kind: "list", run: list(() => ({})) },
  {
    name: "modelStatusMemberRange",
    kind: "list",
    run: list((s) => ({ model: "kling", status: "ready", member: s.member, from: day(90), to: day(0) })),
  },
  { name: "prefixSearch", kind: "search", run: list(() => ({ q: SEARCH_WORD.slice(0, 5) })) },
  { name: "favourites", kind: "list", run: list(() => ({ favourite: "true" }), true) },
  { name: "board", kind: "list", run: list((s) => ({ board: s.smallBoard })) },
  { name: "tag", kind: "list", run: list(() => ({ tag: "hero" })) },
  { name: "rating", kind: "list", run: list(() => ({ rating: "4" }), true) },
  { name: "deepCursor", kind: "list", run: list((s) => ({ cursor: s.deepCursor })) },
  { name: "board5000", kind: "list", run: list((s) => ({ board: s.bigBoard })) },
  {
    name: "usage90Days",
    kind: "usage",
    // The usage page's two ledger aggregations, side by side as lib/server/usage/service.ts runs them.
    run: async (db) => {
      const scope = lastDays(90, Date.now());
      const [cells, boards] = await Promise.all([usageCells(db, scope), boardSpend(db, scope)]);
      return cells.length + boards.length;
    },
  },
];

/**
 * The cursor of the page that leaves one full page after it, as the app itself hands it out: asked
 * for the render just before that position and the one after it, one to a page, the list answers
 * the first with a cursor at its position.
 */
async function deepCursor(db: Db): Promise<string> {
  const visible = db.selectFrom("renders").where("archived_at", "is", null);
  const { n } = await visible.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const around = await visible
    .select("id")
    .orderBy("request_seq", "desc")
    .orderBy("variant_index")
    .offset(Math.max(0, Number(n) - PAGE - 1))
    .limit(2)
    .execute();
  const parsed = z.parse(renderListQuerySchema, { ids: around.map((r) => r.id).join(","), limit: "1" });
  const { nextCursor } = await listRenders(db, parsed, "");
  if (!nextCursor) throw new Error("no cursor deep in the list");
  return nextCursor;
}

async function subjectsOf(db: Db): Promise<Subjects> {
  const member = await db
    .selectFrom("members")
    .select("id")
    .where("email", "=", MEASURED_MEMBER_EMAIL)
    .executeTakeFirstOrThrow();
  const big = await db
    .selectFrom("boards")
    .select("id")
    .where("name", "=", BIG_BOARD.name)
    .executeTakeFirstOrThrow();
  const small = await db
    .selectFrom("boards")
    .select("id")
    .where("name", "=", MEASURED_BOARD_NAME)
    .executeTakeFirstOrThrow();
  return { member: member.id, bigBoard: big.id, smallBoard: small.id, deepCursor: await deepCursor(db) };
}

/**
 * Opens a ledger: the kept seeded file copied (seeding it first if there is none yet), or seeded in
 * place. The seeding's time is kept beside the file, so a run that copies it still reports it.
 */
async function open(
  ledger: LedgerJob["ledgers"][number],
): Promise<{ db: Db; seedSeconds: number | null; copied: boolean }> {
  const { kept } = ledger;
  if (!kept) {
    const db = await getDb(ledger.url);
    return { db, seedSeconds: (await seedHistory(db, ledger.renders)).seconds, copied: false };
  }
  const secondsFile = `${kept}.seconds`;
  const copied = existsSync(kept);
  if (!copied) {
    const partial = `${kept}.partial`;
    rmSync(partial, { force: true });
    const url = `file:${partial}`;
    const { seconds } = await seedHistory(await getDb(url), ledger.renders);
    await closeDb(url);
    renameSync(partial, kept);
    rmSync(`${partial}.migration-lock`, { force: true });
    writeFileSync(secondsFile, String(seconds));
  }
  copyFileSync(kept, ledger.url.slice("file:".length));
  const seedSeconds = existsSync(secondsFile) ? Number(readFileSync(secondsFile, "utf8")) : null;
  return { db: await getDb(ledger.url), seedSeconds, copied };
}

/** Records the statements a read runs, compiled as Kysely sends them, to EXPLAIN them afterwards. */
function recording(db: Db): { db: Db; taken: () => RootOperationNode[] } {
  let nodes: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    db: db.withPlugin(plugin) as Kysely<Database>,
    taken: () => {
      const all = nodes;
      nodes = [];
      return all;
    },
  };
}

/** The plan of one statement, as the database's EXPLAIN tells it. */
async function planOf(db: Db, dialect: LedgerJob["dialect"], compiled: CompiledQuery): Promise<string> {
  const parameters = [...compiled.parameters];
  if (dialect === "postgres") {
    const { rows } = await db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, parameters),
    );
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  }
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, parameters),
  );
  return rows.map((r) => r.detail).join("\n");
}

/**
 * The plans of the statements each query runs that read `renders` or the usage page's day sums (the
 * rest fetch a page's tags and marks by id).
 */
async function explain(
  db: Db,
  dialect: LedgerJob["dialect"],
  subjects: Subjects,
): Promise<LedgerResult["plans"]> {
  const plans: LedgerResult["plans"] = {};
  const recorder = recording(db);
  for (const query of QUERIES) {
    await query.run(recorder.db, subjects);
    plans[query.name] = [];
    for (const node of recorder.taken()) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: "explain" });
      if (/from "(renders|usage_days|board_usage_days)"/.test(compiled.sql))
        plans[query.name]?.push({ sql: compiled.sql, plan: await planOf(db, dialect, compiled) });
    }
  }
  return plans;
}

async function main(job: LedgerJob): Promise<LedgerResult> {
  const opened = [];
  for (const ledger of job.ledgers) {
    const { db, seedSeconds, copied } = await open(ledger);
    process.stderr.write(
      `${job.dialect} ${ledger.renders}: ${copied ? "copied the kept file, " : ""}seeded in ${seedSeconds === null ? "?" : Math.round(seedSeconds)} s\n`,
    );
    opened.push({ db, seedSeconds, copied, renders: ledger.renders, subjects: await subjectsOf(db) });
  }
  const samples = opened.map(() => new Map<string, number[]>());
  const items = opened.map(() => new Map<string, number>());
  for (const query of QUERIES) {
    for (const [i, side] of opened.entries()) {
      for (let w = 0; w < job.warmup; w++) items[i]?.set(query.name, await query.run(side.db, side.subjects));
      samples[i]?.set(query.name, []);
    }
    // Paired: one on each ledger, alternating which goes first, so load elsewhere lands on both alike.
    for (let s = 0; s < job.samples; s++) {
      const order = s % 2 === 0 ? [...opened.keys()] : [...opened.keys()].reverse();
      for (const i of order) {
        const side = opened[i];
        if (side)
          samples[i]?.get(query.name)?.push((await timed(() => query.run(side.db, side.subjects))).ms);
      }
    }
  }
  const large = opened[0];
  const plans = job.plans && large ? await explain(large.db, job.dialect, large.subjects) : {};
  for (const ledger of job.ledgers) await closeDb(ledger.url);
  return {
    queries: QUERIES.map(({ name, kind }) => ({ name, kind })),
    ledgers: opened.map((side, i) => ({
      renders: side.renders,
      seedSeconds: side.seedSeconds === null ? null : round(side.seedSeconds, 1),
      copied: side.copied,
      p95Ms: Object.fromEntries(
        QUERIES.map((q) => [q.name, round(percentile(samples[i]?.get(q.name) ?? [], 95), 1)]),
      ),
      p50Ms: Object.fromEntries(
        QUERIES.map((q) => [q.name, round(percentile(samples[i]?.get(q.name) ?? [], 50), 1)]),
      ),
      items: Object.fromEntries(QUERIES.map((q) => [q.name, items[i]?.get(q.name) ?? 0])),
    })),
    plans,
  };
}

const job = JSON.parse(process.argv[2] ?? "") as LedgerJob;
process.stdout.write(`${JSON.stringify(await main(job))}\n`);

/**
 * The bulk seeder's ledger read back through the app's own list, search, usage and review functions
 * (on SQLite, and on PostgreSQL in the `postgres` project): what they find must agree with plain
 * counts of the rows written, so the history the benchmark measures is one the app reads as its own.
 */
import { sql } from "kysely";
import { z } from "zod/mini";
import { afterAll, beforeAll, expect, test } from "vitest";
import { renderListQuerySchema } from "@/lib/contract";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { listRenders } from "@/lib/server/ledger/renders";
import { refreshReview, reviewOfRow } from "@/lib/server/ledger/review-summary";
import { usageCells } from "@/lib/server/ledger/usage";
import { newLedgerUrl } from "@/test/server-stack";
import { BIG_BOARD, RARE_TAG, SEARCH_WORD, seedHistory } from "./history-seed";

const RENDERS = 2_000;
let url: string;
let db: Db;

beforeAll(async () => {
  url = await newLedgerUrl();
  db = await getDb(url);
  await seedHistory(db, RENDERS);
}, 120_000);

afterAll(() => closeDb(url));

/** Every render the list answers for `query` as `owner` sees it, page after page. */
async function listAll(query: Record<string, string>, owner = ""): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const parsed = z.parse(renderListQuerySchema, { ...query, limit: "100", ...(cursor ? { cursor } : {}) });
    const page = await listRenders(db, parsed, owner);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

const count = async (query: { execute(): Promise<{ n: number | string }[]> }) =>
  Number((await query.execute())[0]?.n ?? 0);

test("the seeded history has its size, each render its request's seq, and the default list hides the archived", async () => {
  expect(await count(db.selectFrom("renders").select((eb) => eb.fn.countAll<number>().as("n")))).toBe(
    RENDERS,
  );
  const mismatched = db
    .selectFrom("renders")
    .innerJoin("render_requests", "render_requests.id", "renders.request_id")
    .whereRef("render_requests.seq", "!=", "renders.request_seq")
    .select((eb) => eb.fn.countAll<number>().as("n"));
  expect(await count(mismatched)).toBe(0);
  const archived = await count(
    db
      .selectFrom("renders")
      .where("archived_at", "is not", null)
      .select((eb) => eb.fn.countAll<number>().as("n")),
  );
  expect(archived).toBeGreaterThan(0);
  expect((await listAll({})).length).toBe(RENDERS - archived);
});

test("a prompt search for the rare word finds exactly the renders whose prompt holds it", async () => {
  const holding = await db
    .selectFrom("renders")
    .select("id")
    .where("prompt", "like", `%${SEARCH_WORD}%`)
    .where("archived_at", "is", null)
    .execute();
  expect(holding.length).toBeGreaterThan(0);
  expect((await listAll({ q: SEARCH_WORD })).sort()).toEqual(holding.map((r) => r.id).sort());
  // A prefix finds them too (and perhaps more): the index was filled for every request.
  expect(await listAll({ q: SEARCH_WORD.slice(0, 5) })).toEqual(
    expect.arrayContaining(holding.map((r) => r.id)),
  );
});

test("the big board, a rare tag, a member's favourites and ratings list exactly their rows", async () => {
  const board = await db
    .selectFrom("boards")
    .select("id")
    .where("name", "=", BIG_BOARD.name)
    .executeTakeFirstOrThrow();
  const onBoard = await count(
    db
      .selectFrom("board_renders")
      .where("board_id", "=", board.id)
      .select((eb) => eb.fn.countAll<number>().as("n")),
  );
  expect(onBoard).toBe(Math.min(RENDERS, BIG_BOARD.renders));
  expect((await listAll({ board: board.id })).length).toBe(onBoard);

  const tagged = await db
    .selectFrom("render_tags")
    .innerJoin("renders", "renders.id", "render_tags.render_id")
    .select("renders.id")
    .where("tag", "=", RARE_TAG)
    .where("archived_at", "is", null)
    .execute();
  expect((await listAll({ tag: RARE_TAG })).sort()).toEqual(tagged.map((r) => r.id).sort());

  const fan = await db
    .selectFrom("favourites")
    .innerJoin("renders", "renders.id", "favourites.render_id")
    .select(["owner", (eb) => eb.fn.countAll<number>().as("n")])
    .where("archived_at", "is", null)
    .groupBy("owner")
    .orderBy("n", "desc")
    .executeTakeFirstOrThrow();
  expect((await listAll({ favourite: "true" }, fan.owner)).length).toBe(Number(fan.n));

  const rater = await db
    .selectFrom("render_marks")
    .innerJoin("renders", "renders.id", "render_marks.render_id")
    .select(["owner", (eb) => eb.fn.countAll<number>().as("n")])
    .where("rating", ">=", 4)
    .where("archived_at", "is", null)
    .groupBy("owner")
    .orderBy("n", "desc")
    .executeTakeFirstOrThrow();
  expect((await listAll({ rating: "4" }, rater.owner)).length).toBe(Number(rater.n));
});

test("the usage aggregation over the year counts every render and the charges of the requests", async () => {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
  const cells = await usageCells(db, { from, to });
  expect(cells.reduce((sum, cell) => sum + cell.renders, 0)).toBe(RENDERS);
  const charged = await db
    .selectFrom("render_requests")
    .select(sql<number>`coalesce(sum(credits_charged), 0)`.as("n"))
    .executeTakeFirstOrThrow();
  expect(cells.reduce((sum, cell) => sum + cell.charged, 0)).toBe(Number(charged.n));
});

test("each reviewed render holds the summary the app's own refresh writes from its comments and decisions", async () => {
  const reviewed = await db
    .selectFrom("renders")
    .select(["id", "review", "review_rank"])
    .where("review", "is not", null)
    .execute();
  expect(reviewed.length).toBeGreaterThan(0);
  for (const row of reviewed) {
    const refreshed = await db.transaction().execute((tx) => refreshReview(tx, row.id, () => {}));
    expect({ id: row.id, summary: reviewOfRow(row.review) }).toEqual({ id: row.id, summary: refreshed });
    const after = await db
      .selectFrom("renders")
      .select("review_rank")
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(after.review_rank).toBe(row.review_rank);
  }
});

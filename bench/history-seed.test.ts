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
import { setBoardRenders } from "@/lib/server/ledger/boards";
import { setFavourite } from "@/lib/server/ledger/favourites";
import { setMarks } from "@/lib/server/ledger/marks";
import { listRenders } from "@/lib/server/ledger/renders";
import { changeTags } from "@/lib/server/ledger/tags";
import { refreshReview, reviewOfRow } from "@/lib/server/ledger/review-summary";
import { usageCells } from "@/lib/server/ledger/usage";
import { mayMatchPrompt } from "@/lib/domain/prompt-search";
import type { RenderSort } from "@/lib/domain/render-order";
import { lastDays } from "@/lib/domain/usage";
import { newLedgerUrl } from "@/test/server-stack";
import { expectUsageOfRenders } from "@/test/usage-reference";
import {
  BIG_BOARD,
  MEASURED_BOARD_NAME,
  MEASURED_MEMBER_EMAIL,
  MEASURED_SET_RENDERS,
  RARE_TAG,
  SEARCH_WORD,
  seedHistory,
} from "./history-seed";

const RENDERS = 2_000;
let url: string;
let db: Db;

beforeAll(async () => {
  url = await newLedgerUrl();
  db = await getDb(url);
  await seedHistory(db, RENDERS);
}, 120_000);

afterAll(() => closeDb(url));

/** Every render the list answers for `query` as `owner` sees it, page after page of `limit`. */
async function listAll(query: Record<string, string>, owner = "", limit = 100): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const parsed = z.parse(renderListQuerySchema, {
      ...query,
      limit: String(limit),
      ...(cursor ? { cursor } : {}),
    });
    const page = await listRenders(db, parsed, owner);
    ids.push(...page.items.map((item) => item.id));
    // A cursor that does not move past its page would page for ever: no list holds more than every render.
    if (ids.length > RENDERS) throw new Error(`${JSON.stringify(query)} pages past every render`);
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

test("the measured board and member's favourites and ratings hold their spread renders whatever the history's size", async () => {
  const board = await db
    .selectFrom("boards")
    .select("id")
    .where("name", "=", MEASURED_BOARD_NAME)
    .executeTakeFirstOrThrow();
  const member = await db
    .selectFrom("members")
    .select("id")
    .where("email", "=", MEASURED_MEMBER_EMAIL)
    .executeTakeFirstOrThrow();
  const onBoard = db
    .selectFrom("board_renders")
    .where("board_id", "=", board.id)
    .select((eb) => eb.fn.countAll<number>().as("n"));
  const starred = db
    .selectFrom("favourites")
    .where("owner", "=", member.id)
    .select((eb) => eb.fn.countAll<number>().as("n"));
  const rated = db
    .selectFrom("render_marks")
    .where("owner", "=", member.id)
    .where("rating", ">=", 4)
    .select((eb) => eb.fn.countAll<number>().as("n"));
  expect(await count(onBoard)).toBeGreaterThanOrEqual(MEASURED_SET_RENDERS);
  expect(await count(starred)).toBeGreaterThanOrEqual(MEASURED_SET_RENDERS);
  expect(await count(rated)).toBeGreaterThanOrEqual(MEASURED_SET_RENDERS);
});

test("a list filtered to a set answers, page after page, what the renders sorted in memory do", async () => {
  const rater = await db
    .selectFrom("render_marks")
    .select(["owner", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("owner")
    .orderBy("n", "desc")
    .executeTakeFirstOrThrow();
  const owner = rater.owner;
  const smallBoard = await db
    .selectFrom("boards")
    .select("id")
    .where("name", "!=", BIG_BOARD.name)
    .orderBy("name")
    .executeTakeFirstOrThrow();
  // Rows added by the app's own writers beside the seeded ones: every 97th render starred, rated,
  // tagged and put on a board.
  const some = (
    await db.selectFrom("renders").select("id").orderBy("request_seq").orderBy("variant_index").execute()
  )
    .map((r) => r.id)
    .filter((_, i) => i % 97 === 0);
  for (const id of some) await setFavourite(db, owner, id, true);
  await setMarks(db, owner, some.slice(0, 10), { rating: 5, flag: "pick" });
  await setMarks(db, owner, some.slice(10, 15), { flag: "reject" });
  await changeTags(db, some, ["hero"], []);
  await setBoardRenders(db, smallBoard.id, some, "add", null);

  const renders = await db
    .selectFrom("renders")
    .innerJoin("render_requests", "render_requests.id", "renders.request_id")
    .select([
      "renders.id",
      "renders.request_seq",
      "renders.variant_index",
      "renders.archived_at",
      "renders.prompt",
      "renders.member_id",
      "render_requests.credits_charged",
    ])
    .execute();
  const marks = new Map(
    (
      await db
        .selectFrom("render_marks")
        .select(["render_id", "rating", "flag"])
        .where("owner", "=", owner)
        .execute()
    ).map((m) => [m.render_id, m]),
  );
  const idsOf = async (q: { execute(): Promise<{ render_id: string }[]> }) =>
    new Set((await q.execute()).map((r) => r.render_id));
  const favourites = await idsOf(db.selectFrom("favourites").select("render_id").where("owner", "=", owner));
  const hero = await idsOf(db.selectFrom("render_tags").select("render_id").where("tag", "=", "hero"));
  const boards = await db.selectFrom("boards").select(["id", "name"]).orderBy("name").execute();
  const onBoard = new Map<string, Set<string>>();
  for (const board of boards)
    onBoard.set(
      board.id,
      await idsOf(db.selectFrom("board_renders").select("render_id").where("board_id", "=", board.id)),
    );
  const big = boards.find((b) => b.name === BIG_BOARD.name)?.id ?? "";
  const small = smallBoard.id;
  const rating = (id: string) => marks.get(id)?.rating ?? 0;
  const searched = SEARCH_WORD.slice(0, 5);
  const visible = (r: (typeof renders)[number]) => r.archived_at === null;
  const cases: { query: Record<string, string>; keeps: (r: (typeof renders)[number]) => boolean }[] = [
    { query: { favourite: "true" }, keeps: (r) => visible(r) && favourites.has(r.id) },
    { query: { rating: "4" }, keeps: (r) => visible(r) && rating(r.id) >= 4 },
    { query: { picked: "true" }, keeps: (r) => visible(r) && marks.get(r.id)?.flag === "pick" },
    { query: { rejected: "true" }, keeps: (r) => visible(r) && marks.get(r.id)?.flag === "reject" },
    { query: { tag: "hero" }, keeps: (r) => visible(r) && hero.has(r.id) },
    // A board shows its archived renders too.
    { query: { board: big }, keeps: (r) => onBoard.get(big)?.has(r.id) ?? false },
    { query: { board: small }, keeps: (r) => onBoard.get(small)?.has(r.id) ?? false },
    {
      query: { board: big, tag: "hero" },
      keeps: (r) => (onBoard.get(big)?.has(r.id) ?? false) && hero.has(r.id),
    },
    { query: { tag: "hero", rating: "1" }, keeps: (r) => visible(r) && hero.has(r.id) && rating(r.id) >= 1 },
    // A search reads a page from its first matches in the list's order when they fill it, and from
    // every match when the other filters leave too few of them (a member's), or with a term too short
    // for the index; a word in about a sixth of the prompts, and the rare one.
    { query: { q: "nigh" }, keeps: (r) => visible(r) && mayMatchPrompt(r.prompt, "nigh") },
    {
      query: { q: "nigh", member: owner },
      keeps: (r) => visible(r) && mayMatchPrompt(r.prompt, "nigh") && r.member_id === owner,
    },
    {
      query: { q: "nigh", board: big },
      keeps: (r) => (onBoard.get(big)?.has(r.id) ?? false) && mayMatchPrompt(r.prompt, "nigh"),
    },
    {
      query: { q: "nigh", rejected: "false" },
      keeps: (r) => visible(r) && mayMatchPrompt(r.prompt, "nigh") && marks.get(r.id)?.flag !== "reject",
    },
    { query: { q: "nigh ci" }, keeps: (r) => visible(r) && mayMatchPrompt(r.prompt, "nigh ci") },
    { query: { q: searched }, keeps: (r) => visible(r) && mayMatchPrompt(r.prompt, searched) },
  ];
  const newest = (a: (typeof renders)[number], b: (typeof renders)[number]) =>
    b.request_seq - a.request_seq || a.variant_index - b.variant_index;
  const orders: Record<RenderSort, (a: (typeof renders)[number], b: (typeof renders)[number]) => number> = {
    newest,
    oldest: (a, b) => a.request_seq - b.request_seq || a.variant_index - b.variant_index,
    credits: (a, b) => b.credits_charged - a.credits_charged || newest(a, b),
    rating: (a, b) => rating(b.id) - rating(a.id) || newest(a, b),
  };
  for (const { query, keeps } of cases) {
    const kept = renders.filter(keeps);
    expect({ query, found: kept.length > 2 }).toEqual({ query, found: true });
    // Four pages or more each (the list's pages hold at most 100), so every case crosses page boundaries.
    const limit = Math.min(100, Math.ceil(kept.length / 4));
    for (const [sort, order] of Object.entries(orders)) {
      const expected = [...kept].sort(order).map((r) => r.id);
      expect({ query, sort, ids: await listAll({ ...query, sort }, owner, limit) }).toEqual({
        query,
        sort,
        ids: expected,
      });
    }
  }
});

test("every set a list walks carries each render's place in the list's order, seeded or written by the app", async () => {
  for (const table of ["favourites", "render_marks", "board_renders", "render_tags"] as const) {
    const misplaced = db
      .selectFrom(table)
      .innerJoin("renders", "renders.id", `${table}.render_id`)
      .where((eb) =>
        eb.or([
          eb(`${table}.request_seq`, "!=", eb.ref("renders.request_seq")),
          eb(`${table}.variant_index`, "!=", eb.ref("renders.variant_index")),
        ]),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"));
    expect({ table, misplaced: await count(misplaced) }).toEqual({ table, misplaced: 0 });
  }
});

test("the usage page's day sums, kept as the renders were written, equal the renders added up", async () => {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
  const member = await db.selectFrom("members").select("id").orderBy("email").executeTakeFirstOrThrow();
  await expectUsageOfRenders(db, { from, to });
  await expectUsageOfRenders(db, lastDays(90, Date.now()));
  await expectUsageOfRenders(db, { from, to, memberId: member.id });
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

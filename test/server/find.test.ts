/**
 * Finding renders (docs/api.md, `GET /api/renders`): prompt search through the full-text index, the
 * date range and the sorts with their cursors, against the real simulator and a real ledger file;
 * and the search index built on a ledger made before it existed.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Sqlite from "libsql";
import { Kysely, Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "@/lib/server/db/database";
import { LibsqlDialect } from "@/lib/server/db/libsql-dialect";
import { migrationProvider } from "@/lib/server/db/migrations";
import type { Database } from "@/lib/server/db/schema";
import { ftsQuery } from "@/lib/server/ledger/prompt-search";
import { listRenders } from "@/lib/server/ledger/renders";
import { startStack, type Stack } from "@/test/server-stack";
import { zipEntries } from "@/test/zip-entries";

interface Item {
  id: string;
  prompt: string;
  requestId: string;
  variantIndex: number;
  creditsCharged: number;
  createdAt: string;
}
interface Page {
  items: Item[];
  nextCursor: string | null;
}

let stack: Stack;

const PROMPTS = [
  "A lighthouse on a cliff at dusk",
  "Spotlight on an empty stage",
  "Café de Flore, crème brûlée on the table",
  "東京の夜景、ネオンの街",
  "a sleeping cat 🐱 by the window",
  'The "quoted" word and a NEAR b OR c*',
];

const list = async (query: string) => {
  const response = await stack.callJson<Page>("GET", `/api/renders?${query}`);
  expect(response.status).toBe(200);
  return response.body.items;
};
const promptsFor = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).map((r) => r.prompt);

/** Every page of a query, following the cursor. */
async function allPages(query: string, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = (
      await stack.callJson<Page>(
        "GET",
        `/api/renders?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      )
    ).body;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  stack = await startStack();
  for (const prompt of PROMPTS)
    await stack.callJson("POST", "/api/renders", { json: { kind: "image", prompt } });
  // Renders of several costs, a batch among them, for the sorts.
  await stack.callJson("POST", "/api/renders", {
    json: { kind: "image", prompt: "sorting batch of three", imageCount: 3 },
  });
  for (const durationSeconds of [5, 10, 5])
    await stack.callJson("POST", "/api/renders", {
      json: { kind: "video", model: "kling", prompt: `sorting video ${durationSeconds}s`, durationSeconds },
    });
});
afterAll(async () => {
  await stack.close();
});

describe("prompt search", () => {
  test("finds a word by its beginning, and by a part inside it", async () => {
    expect(await promptsFor("light")).toEqual([
      "Spotlight on an empty stage",
      "A lighthouse on a cliff at dusk",
    ]);
    expect(await promptsFor("lighthouse")).toEqual(["A lighthouse on a cliff at dusk"]);
  });

  test("needs every word, in any order and case", async () => {
    expect(await promptsFor("DUSK cliff")).toEqual(["A lighthouse on a cliff at dusk"]);
    expect(await promptsFor("dusk stage")).toEqual([]);
  });

  test("ignores accents either way", async () => {
    expect(await promptsFor("creme brulee")).toEqual(["Café de Flore, crème brûlée on the table"]);
    expect(await promptsFor("CAFÉ")).toEqual(["Café de Flore, crème brûlée on the table"]);
  });

  test("finds CJK words inside a run of text, and emoji", async () => {
    expect(await promptsFor("夜景")).toEqual(["東京の夜景、ネオンの街"]);
    expect(await promptsFor("ネオンの")).toEqual(["東京の夜景、ネオンの街"]);
    expect(await promptsFor("🐱")).toEqual(["a sleeping cat 🐱 by the window"]);
  });

  test("reads no query syntax: quotes, operators and stars are text", async () => {
    const quoted = 'The "quoted" word and a NEAR b OR c*';
    expect(await promptsFor('"quoted"')).toEqual([quoted]);
    expect(await promptsFor("NEAR")).toEqual([quoted]);
    expect(await promptsFor("c*")).toEqual([quoted]);
    for (const attempt of [
      '"',
      "*",
      "a OR b",
      "lighthouse NOT",
      "prompt:lighthouse",
      "(",
      '" OR "',
      "^light",
      "NEAR(a b)",
    ]) {
      const response = await stack.callJson<Page>("GET", `/api/renders?q=${encodeURIComponent(attempt)}`);
      expect(response.status, attempt).toBe(200);
    }
    expect(await promptsFor("light*")).toEqual([]);
    expect(await promptsFor("OR c*")).toEqual([quoted]);
  });

  test("blank text is no filter", async () => {
    expect(await list("q=%20%20")).toHaveLength((await list("")).length);
  });

  test("pages through a search with the cursor", async () => {
    const found = await allPages("q=sorting", 2);
    expect(found.map((r) => r.prompt)).toEqual((await list("q=sorting&limit=100")).map((r) => r.prompt));
    expect(found).toHaveLength(6);
  });
});

describe("sorts, each with its cursor", () => {
  const byPages = (sort: string) => allPages(`q=sorting&sort=${sort}`, 2);

  test("newest and oldest are each other's reverse by request, variants in order in both", async () => {
    const newest = await byPages("newest");
    const oldest = await byPages("oldest");
    expect(new Set(oldest.map((r) => r.id))).toEqual(new Set(newest.map((r) => r.id)));
    const requests = (items: Item[]) => [...new Set(items.map((r) => r.requestId))];
    expect(requests(oldest)).toEqual(requests(newest).reverse());
    for (const items of [newest, oldest]) {
      const batch = items.filter((r) => r.prompt === "sorting batch of three");
      expect(batch.map((r) => r.variantIndex)).toEqual([0, 1, 2]);
    }
  });

  test("most credits puts the dearest requests first, newest first among equals", async () => {
    const items = await byPages("credits");
    expect(items).toHaveLength(6);
    const charge = (r: Item) =>
      items.find((o) => o.requestId === r.requestId && o.variantIndex === 0)?.creditsCharged ?? 0;
    const charges = items.map(charge);
    expect(charges).toEqual([...charges].sort((a, b) => b - a));
    expect(charges[0]).toBeGreaterThan(0);
    const fives = items.filter((r) => r.prompt === "sorting video 5s");
    expect(fives).toHaveLength(2);
    const newestFives = (await byPages("newest")).filter((r) => r.prompt === "sorting video 5s");
    expect(fives.map((r) => r.id)).toEqual(newestFives.map((r) => r.id));
  });

  test("a cursor of one sort is refused by another", async () => {
    const page = (await stack.callJson<Page>("GET", "/api/renders?sort=oldest&limit=1")).body;
    const response = await stack.callJson("GET", `/api/renders?sort=credits&cursor=${page.nextCursor}`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      error: { code: "invalid_request", message: "cursor is not a valid page cursor", field: "cursor" },
    });
  });
});

describe("date range", () => {
  test("keeps renders requested between from and to, both days included", async () => {
    const db = await getDb(stack.databaseUrl);
    const [older] = await list("q=lighthouse");
    if (!older) throw new Error("no render to move back in time");
    await db
      .updateTable("renders")
      .set({ created_at: "2026-03-10T12:00:00.000Z" })
      .where("id", "=", older.id)
      .execute();

    const ids = async (query: string) => (await list(`${query}&limit=100`)).map((r) => r.id);
    expect(await ids("from=2026-03-10&to=2026-03-10")).toEqual([older.id]);
    expect(await ids("from=2026-03-01&to=2026-03-31")).toEqual([older.id]);
    expect(await ids(`to=${encodeURIComponent("2026-03-10T11:59:59+00:00")}`)).toEqual([]);
    expect(await ids(`from=${encodeURIComponent("2026-03-10T13:00:00+01:00")}&to=2026-03-10`)).toEqual([
      older.id,
    ]);
    expect(await ids("from=2026-03-11&q=lighthouse")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`from=${today}`)).not.toContain(older.id);
    expect((await ids(`from=${today}`)).length).toBe((await ids("")).length - 1);

    // The zip of a filtered gallery takes the same range.
    const none = await stack.call("GET", "/api/renders/zip?to=2026-03-09");
    expect(none.status).toBe(404);
    const zip = await stack.call("GET", "/api/renders/zip?from=2026-03-10&to=2026-03-10&sort=oldest");
    expect(zip.status).toBe(200);
    const entries = await zipEntries(new Uint8Array(await zip.arrayBuffer()));
    const manifest = entries.find((entry) => entry.name === "manifest.json")?.data.toString("utf8");
    const { items } = JSON.parse(manifest ?? "{}") as { items: { id: string }[] };
    expect(items.map((item) => item.id)).toEqual([older.id]);
  });

  const invalid = (message: string, field: string) => ({
    error: { code: "invalid_request", message, field },
  });
  const refusals: [string, string, object][] = [
    ["to before from", "from=2026-05-02&to=2026-05-01", invalid("to must not be before from", "to")],
    [
      "a date that is not one",
      "from=2026-13-45",
      invalid("from must be an ISO 8601 date (2026-05-01) or date and time", "from"),
    ],
    ["words", "to=yesterday", invalid("to must be an ISO 8601 date (2026-05-01) or date and time", "to")],
    [
      "an unknown sort",
      "sort=random",
      invalid("sort must be one of newest, oldest, credits, rating", "sort"),
    ],
  ];
  test.each(refusals)("refuses %s", async (_name, query, expected) => {
    for (const route of ["/api/renders", "/api/renders/zip"]) {
      const response = await stack.callJson("GET", `${route}?${query}`);
      expect(response.status, route).toBe(422);
      expect(response.body, route).toEqual(expected);
    }
  });
});

describe("the search index on a ledger made before it", () => {
  test("finds the renders that were there, and new ones", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ledger-fts-"));
    const database = new Sqlite(path.join(dir, "old.db"));
    const db = new Kysely<Database>({ dialect: new LibsqlDialect(database) });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo("003_change_log")).error).toBeUndefined();
      const request = (seq: number, prompt: string) => ({
        id: `req_${seq}`,
        body_hash: "h",
        kind: "image",
        model: "seedream",
        prompt,
        params: JSON.stringify({ kind: "image", prompt }),
        state: "created",
        credits_charged: 0,
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
      });
      const render = (seq: number, prompt: string) => ({
        id: `rnd_${seq}`,
        request_id: `req_${seq}`,
        request_seq: seq,
        variant_index: 0,
        kind: "image",
        model: "seedream",
        status: "ready",
        prompt,
        params: "{}",
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
        timing_key: "k",
        expected_seconds: 10,
        credits_charged: 0,
        credits_refunded: 0,
        poll_count: 0,
        unchanged_polls: 0,
        error_polls: 0,
        not_found_polls: 0,
      });
      const old = ["an old lighthouse", "an old harbour"];
      for (const [i, prompt] of old.entries()) {
        await db
          .insertInto("render_requests")
          .values(request(i + 1, prompt))
          .execute();
        await db
          .insertInto("renders")
          .values(render(i + 1, prompt))
          .execute();
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const search = async (q: string) =>
        (await listRenders(db, { q, limit: 30 }, "")).items.map((r) => r.prompt);
      expect(await search("old")).toEqual(["an old harbour", "an old lighthouse"]);
      expect(await search("lightho")).toEqual(["an old lighthouse"]);
      expect(await db.selectFrom("renders").select("id").execute()).toHaveLength(2);

      await db.insertInto("render_requests").values(request(3, "a new lighthouse")).execute();
      await db.insertInto("renders").values(render(3, "a new lighthouse")).execute();
      expect(await search("lighthouse")).toEqual(["a new lighthouse", "an old lighthouse"]);
      // The triggers follow a request's deletion and a changed prompt too.
      const indexed = async (text: string) =>
        (
          await sql<{
            rowid: number;
          }>`select rowid from render_requests_fts where render_requests_fts match ${ftsQuery([text])} order by rowid`.execute(
            db,
          )
        ).rows.map((r) => r.rowid);
      await db.deleteFrom("render_requests").where("seq", "=", 1).execute();
      await db
        .updateTable("render_requests")
        .set({ prompt: "a harbour at noon" })
        .where("seq", "=", 3)
        .execute();
      expect(await indexed("lighthouse")).toEqual([]);
      expect(await indexed("harbour")).toEqual([2, 3]);
    } finally {
      await db.destroy();
    }
  });
});

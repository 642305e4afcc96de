/**
 * Culling (docs/api.md) with sign-in on, against the real simulator and a real ledger (SQLite, and
 * PostgreSQL in its project): each member's own ratings, picks and rejects; the team's tags, their
 * normalisation, limits and suggestions; the gallery's filters and sort by rating; API tokens; the
 * zip's manifest; mark events reaching only their member's streams.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ApiTokenCreated, LedgerRender, LiveEvent } from "@/lib/contract";
import { TAG_MAX_LENGTH, TAGS_PER_RENDER } from "@/lib/domain/cull";
import type { Stack } from "@/test/server-stack";
import { openMemberStream, startStackWithTwoMembers } from "@/test/two-members";
import { zipEntries } from "@/test/zip-entries";

let stack: Stack;
let grace = "";
let linus = "";
/** Renders made for these tests, oldest first. */
const made: LedgerRender[] = [];

beforeAll(async () => {
  ({ stack, grace, linus } = await startStackWithTwoMembers());
  for (const prompt of ["cull one", "cull two", "cull three", "cull four"]) {
    const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
      json: { kind: "image", prompt },
      headers: { cookie: grace },
    });
    expect(created.status).toBe(202);
    made.push(...created.body.renders);
  }
});
afterAll(() => stack.close());

const as = (cookie: string) => ({ headers: { cookie } });
const at = (i: number): string => {
  const render = made[i];
  if (!render) throw new Error(`no render ${i}`);
  return render.id;
};

async function list(cookie: string, query = "") {
  const { status, body } = await stack.callJson<{ items: LedgerRender[]; nextCursor: string | null }>(
    "GET",
    `/api/renders${query}`,
    as(cookie),
  );
  expect(status).toBe(200);
  return body;
}
const ids = async (cookie: string, query = "") => (await list(cookie, query)).items.map((r) => r.id);

const mark = (cookie: string, json: Record<string, unknown>) =>
  stack.callJson<{ items: { id: string; rating: number | null; flag: string | null }[] }>(
    "POST",
    "/api/renders/marks",
    { json, ...as(cookie) },
  );
const tag = (cookie: string, json: Record<string, unknown>) =>
  stack.callJson<{ items: { id: string; tags: string[] }[] }>("POST", "/api/renders/tags", {
    json,
    ...as(cookie),
  });
const clearAll = async () => {
  for (const cookie of [grace, linus])
    expect((await mark(cookie, { ids: made.map((r) => r.id), rating: null, flag: null })).status).toBe(200);
};

describe("ratings, picks and rejects are per member", () => {
  test("a member's rating and pick are theirs alone, on lists and the render; a field left out is kept", async () => {
    const target = at(0);
    expect(await mark(grace, { ids: [target], rating: 4 })).toMatchObject({
      status: 200,
      body: { items: [{ id: target, rating: 4, flag: null }] },
    });
    expect(await mark(grace, { ids: [target], flag: "pick" })).toMatchObject({
      body: { items: [{ id: target, rating: 4, flag: "pick" }] },
    });
    const marksIn = async (cookie: string) => {
      const found = (await list(cookie)).items.find((r) => r.id === target);
      const detail = (await stack.callJson<LedgerRender>("GET", `/api/renders/${target}`, as(cookie))).body;
      return [
        found && { rating: found.rating, flag: found.flag },
        { rating: detail.rating, flag: detail.flag },
      ];
    };
    expect(await marksIn(grace)).toEqual([
      { rating: 4, flag: "pick" },
      { rating: 4, flag: "pick" },
    ]);
    expect(await marksIn(linus)).toEqual([
      { rating: null, flag: null },
      { rating: null, flag: null },
    ]);
    // Linus's own reject of the same render leaves Grace's pick alone.
    await mark(linus, { ids: [target], flag: "reject" });
    expect((await marksIn(grace))[0]).toEqual({ rating: 4, flag: "pick" });
    expect(await mark(grace, { ids: [target], rating: null })).toMatchObject({
      body: { items: [{ id: target, rating: null, flag: "pick" }] },
    });
    await clearAll();
    expect(await marksIn(grace)).toEqual([
      { rating: null, flag: null },
      { rating: null, flag: null },
    ]);
  });

  test("a mark request is all or none, and refuses what is not a mark", async () => {
    const unknown = await mark(grace, { ids: [at(1), "r_not_in_the_ledger"], rating: 5 });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: "not_found", field: "ids" } } });
    expect((await list(grace)).items.find((r) => r.id === at(1))?.rating).toBeNull();
    for (const json of [
      { ids: [at(1)], rating: 6 },
      { ids: [at(1)], rating: 2.5 },
      { ids: [at(1)], flag: "maybe" },
      { ids: [at(1)] },
      { ids: [], rating: 1 },
    ])
      expect((await mark(grace, json)).body, JSON.stringify(json)).toMatchObject({
        error: { code: "invalid_request" },
      });
  });

  test("a mark event reaches the member's own streams only", async () => {
    const open = (cookie: string) => openMemberStream(stack, cookie);
    const graces = await open(grace);
    const linuses = await open(linus);
    const target = at(2);
    await mark(grace, { ids: [target], rating: 3, flag: "reject" });
    // Then a change everyone sees (a tag), so Linus's stream has something to arrive by.
    await tag(grace, { ids: [target], add: ["event"] });
    // The render's event that carries the tag: the render may also be finishing at the service
    // meanwhile, and that poll's event (without the tag) may come first.
    const tagged = (e: LiveEvent) =>
      e.type === "render" && e.render.id === target && (e.render.tags ?? []).includes("event");
    const seenByGrace = await graces.reader.until<LiveEvent>(tagged);
    const seenByLinus = await linuses.reader.until<LiveEvent>(tagged);
    expect(seenByGrace.filter((e) => e.type === "mark")).toEqual([
      { type: "mark", id: target, rating: 3, flag: "reject" },
    ]);
    expect(seenByLinus.filter((e) => e.type === "mark")).toEqual([]);
    const shared = seenByLinus.find(tagged);
    expect(shared?.type === "render" && shared.render.tags).toEqual(["event"]);
    expect(shared?.type === "render" && "rating" in shared.render).toBe(false);
    await graces.close();
    await linuses.close();
    await tag(grace, { ids: [target], remove: ["event"] });
    await clearAll();
  });
});

describe("tags are the team's", () => {
  test("tags are normalised, shared by everyone, and suggested by use", async () => {
    const added = await tag(grace, { ids: [at(0), at(1)], add: ["  Golden   HOUR ", "keeper"] });
    expect(added).toMatchObject({
      status: 200,
      body: {
        items: [
          { id: at(0), tags: ["golden hour", "keeper"] },
          { id: at(1), tags: ["golden hour", "keeper"] },
        ],
      },
    });
    await tag(linus, { ids: [at(1)], add: ["Golden hour", "gold"] });
    expect((await list(linus)).items.find((r) => r.id === at(0))?.tags).toEqual(["golden hour", "keeper"]);
    expect((await list(grace)).items.find((r) => r.id === at(1))?.tags).toEqual([
      "gold",
      "golden hour",
      "keeper",
    ]);

    const suggested = await stack.callJson<{ items: { tag: string; renders: number }[] }>(
      "GET",
      "/api/tags?q=GOL",
      as(linus),
    );
    expect(suggested).toMatchObject({
      status: 200,
      body: {
        items: [
          { tag: "golden hour", renders: 2 },
          { tag: "gold", renders: 1 },
        ],
      },
    });
    const removed = await tag(grace, { ids: [at(0), at(1)], remove: ["gold", "golden hour", "keeper"] });
    expect(removed.body.items.map((r) => r.tags)).toEqual([[], []]);
  });

  test("a tag longer than the limit, with a comma or blank is refused; a render holds at most the limit", async () => {
    for (const bad of ["x".repeat(TAG_MAX_LENGTH + 1), "one, two", "   "])
      expect((await tag(grace, { ids: [at(3)], add: [bad] })).body, bad).toMatchObject({
        error: { code: "invalid_request" },
      });
    expect((await tag(grace, { ids: [at(3)], add: ["x".repeat(TAG_MAX_LENGTH)] })).status).toBe(200);
    const many = Array.from({ length: TAGS_PER_RENDER - 1 }, (_, i) => `tag ${i}`);
    expect((await tag(grace, { ids: [at(3)], add: many })).status).toBe(200);
    // One more on one render refuses the whole request: the other render gets nothing either.
    const over = await tag(grace, { ids: [at(2), at(3)], add: ["one too many"] });
    expect(over).toMatchObject({ status: 422, body: { error: { code: "invalid_request", field: "add" } } });
    expect((await list(grace)).items.find((r) => r.id === at(2))?.tags).toEqual([]);
    expect((await list(grace)).items.find((r) => r.id === at(3))?.tags).toHaveLength(TAGS_PER_RENDER);
    await tag(grace, { ids: [at(3)], remove: [...many, "x".repeat(TAG_MAX_LENGTH)] });
  });
});

describe("the gallery's filters and sort", () => {
  test("rating at least N, picked, rejected hidden or alone, a tag; sorted by the caller's rating across pages", async () => {
    await mark(grace, { ids: [at(0)], rating: 5, flag: "pick" });
    await mark(grace, { ids: [at(1)], rating: 4, flag: "reject" });
    await mark(grace, { ids: [at(2)], rating: 2 });
    await mark(linus, { ids: [at(3)], rating: 5, flag: "pick" });
    await tag(linus, { ids: [at(1), at(3)], add: ["Hero"] });

    expect(await ids(grace, "?rating=4")).toEqual([at(1), at(0)]);
    expect(await ids(grace, "?rating=4&picked=true")).toEqual([at(0)]);
    expect(await ids(linus, "?picked=true")).toEqual([at(3)]);
    expect(await ids(grace, "?rejected=true")).toEqual([at(1)]);
    expect(await ids(grace, "?rejected=false")).toEqual([at(3), at(2), at(0)]);
    expect(await ids(grace, "?tag=HERO")).toEqual([at(3), at(1)]);
    expect(await ids(grace, "?tag=hero&rejected=false")).toEqual([at(3)]);
    expect((await stack.callJson("GET", "/api/renders?rating=6", as(grace))).body).toMatchObject({
      error: { code: "invalid_request", field: "rating" },
    });

    // Highest first, unrated last, newest first among equals, page by page.
    const order: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(grace, `?sort=rating&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      order.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(order).toEqual([at(0), at(1), at(2), at(3)]);
    expect(await ids(linus, "?sort=rating")).toEqual([at(3), at(2), at(1), at(0)]);
  });

  test("the zip's manifest names the caller's ratings and picks and the team's tags", async () => {
    const response = await stack.call("GET", "/api/renders/zip?rating=4", as(grace));
    expect(response.status).toBe(200);
    const entries = await zipEntries(new Uint8Array(await response.arrayBuffer()));
    const manifest = JSON.parse(
      entries.find((e) => e.name === "manifest.json")?.data.toString("utf8") ?? "{}",
    ) as {
      items: { id: string; rating: number | null; flag: string | null; tags: string[] }[];
    };
    expect(manifest.items.map(({ id, rating, flag, tags }) => ({ id, rating, flag, tags }))).toEqual([
      { id: at(1), rating: 4, flag: "reject", tags: ["hero"] },
      { id: at(0), rating: 5, flag: "pick", tags: [] },
    ]);
    const csv = entries.find((e) => e.name === "manifest.csv")?.data.toString("utf8") ?? "";
    expect(csv.split("\n")[0]).toContain("rating,flag,tags");
  });
});

describe("API tokens", () => {
  test("a token that may create sets marks and tags as its member; a read-only token may not", async () => {
    const token = async (scope: string) =>
      (
        await stack.callJson<ApiTokenCreated>("POST", "/api/tokens", {
          json: { name: `cull ${scope}`, scope },
          ...as(grace),
        })
      ).body.secret;
    const writer = { headers: { authorization: `Bearer ${await token("read_and_create")}` } };
    const reader = { headers: { authorization: `Bearer ${await token("read")}` } };
    await clearAll();
    const marked = await stack.callJson("POST", "/api/renders/marks", {
      json: { ids: [at(2)], rating: 3 },
      ...writer,
    });
    expect(marked).toMatchObject({ status: 200, body: { items: [{ id: at(2), rating: 3 }] } });
    expect(await ids(grace, "?rating=3")).toEqual([at(2)]);
    expect(
      (
        await stack.callJson("POST", "/api/renders/tags", {
          json: { ids: [at(2)], add: ["scripted"] },
          ...writer,
        })
      ).status,
    ).toBe(200);
    const refused = await stack.callJson("POST", "/api/renders/marks", {
      json: { ids: [at(2)], rating: 1 },
      ...reader,
    });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "insufficient_scope" } } });
    expect((await stack.callJson("GET", "/api/tags", reader)).status).toBe(200);
  });
});

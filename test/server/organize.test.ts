/**
 * Favourites and the archive (docs/api.md) with sign-in on, against the real simulator and a real
 * ledger file: each member's own stars, a team-wide archive that hides renders from the default
 * list and still counts them in spend, refusals that change nothing, the zip following the
 * gallery's filter, and favourite events reaching only their member's streams.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Sqlite from "libsql";
import { Kysely, Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LedgerRender, LiveEvent } from "@/lib/contract";
import { LibsqlDialect } from "@/lib/server/db/libsql-dialect";
import { migrationProvider } from "@/lib/server/db/migrations";
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
  for (const prompt of ["organize one", "organize two", "organize three"]) {
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

async function list(cookie: string, query = "") {
  const { status, body } = await stack.callJson<{ items: LedgerRender[] }>(
    "GET",
    `/api/renders${query}`,
    as(cookie),
  );
  expect(status).toBe(200);
  return body.items;
}

const idsOf = (renders: readonly LedgerRender[]) => renders.map((render) => render.id);
const mine = (renders: readonly LedgerRender[]) =>
  idsOf(renders).filter((id) => made.some((render) => render.id === id));

const renderAt = (i: number): LedgerRender => {
  const render = made[i];
  if (!render) throw new Error(`no render ${i}`);
  return render;
};

describe("favourites are per member", () => {
  test("a star is the starring member's alone, in lists, on the render and in the Favourites filter", async () => {
    const starred = renderAt(0);
    const put = await stack.callJson("PUT", `/api/renders/${starred.id}/favourite`, as(grace));
    expect(put).toMatchObject({ status: 200, body: { id: starred.id, favourite: true } });
    // Starring again is the same state, not an error.
    expect((await stack.call("PUT", `/api/renders/${starred.id}/favourite`, as(grace))).status).toBe(200);

    expect(mine(await list(grace, "?favourite=true"))).toEqual([starred.id]);
    expect(await list(linus, "?favourite=true")).toEqual([]);
    const flags = (items: LedgerRender[]) =>
      Object.fromEntries(
        items.filter((r) => made.some((m) => m.id === r.id)).map((r) => [r.id, r.favourite]),
      );
    expect(flags(await list(grace))).toEqual({
      [renderAt(0).id]: true,
      [renderAt(1).id]: false,
      [renderAt(2).id]: false,
    });
    expect(Object.values(flags(await list(linus)))).toEqual([false, false, false]);
    const detail = async (cookie: string) =>
      (await stack.callJson<LedgerRender>("GET", `/api/renders/${starred.id}`, as(cookie))).body.favourite;
    expect(await detail(grace)).toBe(true);
    expect(await detail(linus)).toBe(false);

    const removed = await stack.callJson("DELETE", `/api/renders/${starred.id}/favourite`, as(grace));
    expect(removed).toMatchObject({ status: 200, body: { id: starred.id, favourite: false } });
    expect(await list(grace, "?favourite=true")).toEqual([]);
  });

  test("a favourite event reaches the member's own streams only; the shared render record carries no flag", async () => {
    const open = (cookie: string) => openMemberStream(stack, cookie);
    const graces = await open(grace);
    const linuses = await open(linus);
    const target = renderAt(1);
    await stack.call("PUT", `/api/renders/${target.id}/favourite`, as(grace));
    // Then a change everyone sees, so Linus's stream has something to arrive by.
    await stack.call("POST", "/api/renders/archive", {
      json: { ids: [target.id], archived: true },
      ...as(grace),
    });

    const seenByGrace = await graces.reader.until<LiveEvent>(
      (e) => e.type === "render" && e.render.id === target.id,
    );
    const seenByLinus = await linuses.reader.until<LiveEvent>(
      (e) => e.type === "render" && e.render.id === target.id,
    );
    expect(seenByGrace.filter((e) => e.type === "favourite")).toEqual([
      { type: "favourite", id: target.id, favourite: true },
    ]);
    expect(seenByLinus.filter((e) => e.type === "favourite")).toEqual([]);
    const shared = seenByLinus.find((e) => e.type === "render");
    expect(shared?.type === "render" && "favourite" in shared.render).toBe(false);
    await graces.close();
    await linuses.close();
    await stack.call("DELETE", `/api/renders/${target.id}/favourite`, as(grace));
    await stack.call("POST", "/api/renders/archive", {
      json: { ids: [target.id], archived: false },
      ...as(grace),
    });
  });
});

describe("the archive is team-wide", () => {
  test("archived renders leave everyone's default list, show under archived=true, still count in spend, and come back", async () => {
    const spent = async () =>
      (await stack.callJson<{ member: { spentThisMonth: number } }>("GET", "/api/auth/session", as(grace)))
        .body.member.spentThisMonth;
    const spendBefore = await spent();
    const [a, b] = [renderAt(1), renderAt(2)];

    const archived = await stack.callJson<{ items: LedgerRender[] }>("POST", "/api/renders/archive", {
      json: { ids: [a.id, b.id], archived: true },
      ...as(linus),
    });
    expect(archived.status).toBe(200);
    expect(archived.body.items.every((r) => r.archivedAt !== null)).toBe(true);

    for (const cookie of [grace, linus]) {
      expect(mine(await list(cookie))).toEqual([renderAt(0).id]);
      expect(new Set(mine(await list(cookie, "?archived=true")))).toEqual(new Set([a.id, b.id]));
    }
    // Named by id (a link, a selection, the compare page), an archived render still shows.
    expect(mine(await list(grace, `?ids=${a.id}`))).toEqual([a.id]);
    expect(
      (await stack.callJson<LedgerRender>("GET", `/api/renders/${a.id}`, as(grace))).body.archivedAt,
    ).not.toBeNull();
    expect(await spent()).toBe(spendBefore);

    await stack.call("POST", "/api/renders/archive", {
      json: { ids: [a.id], archived: false },
      ...as(grace),
    });
    // Newest first, as before it left.
    expect(mine(await list(grace))).toEqual([a.id, renderAt(0).id]);
    expect(mine(await list(grace, "?archived=true"))).toEqual([b.id]);
    await stack.call("POST", "/api/renders/archive", {
      json: { ids: [b.id], archived: false },
      ...as(grace),
    });
  });

  test("the zip of the current filter follows the favourite and archived filters", async () => {
    const [starred, archived] = [renderAt(0), renderAt(2)];
    await stack.call("PUT", `/api/renders/${starred.id}/favourite`, as(grace));
    await stack.call("POST", "/api/renders/archive", {
      json: { ids: [archived.id], archived: true },
      ...as(grace),
    });
    const manifestIds = async (query: string) => {
      const response = await stack.call("GET", `/api/renders/zip${query}`, as(grace));
      expect(response.status).toBe(200);
      const entries = await zipEntries(new Uint8Array(await response.arrayBuffer()));
      const manifest = entries.find((e) => e.name === "manifest.json");
      return (JSON.parse(manifest?.data.toString("utf8") ?? "{}") as { items: { id: string }[] }).items.map(
        (r) => r.id,
      );
    };
    expect(await manifestIds("?favourite=true")).toEqual([starred.id]);
    expect(await manifestIds("?archived=true")).toEqual([archived.id]);
    expect(await manifestIds("")).not.toContain(archived.id);
    await stack.call("DELETE", `/api/renders/${starred.id}/favourite`, as(grace));
    await stack.call("POST", "/api/renders/archive", {
      json: { ids: [archived.id], archived: false },
      ...as(grace),
    });
  });
});

describe("bad input changes nothing", () => {
  const invalid = (message: string, field: string) => ({
    error: { code: "invalid_request", message, field },
  });

  test.each<[string, unknown, object]>([
    ["no ids", { ids: [], archived: true }, invalid("ids must name at least one render", "ids")],
    [
      "501 ids",
      { ids: Array.from({ length: 501 }, (_, i) => `rnd_${i}`), archived: true },
      invalid("ids may name at most 500 renders", "ids"),
    ],
    [
      "a malformed id",
      { ids: ["../etc"], archived: true },
      invalid("id must be a render id (letters, digits, - and _).", "ids"),
    ],
    ["no archived flag", { ids: ["rnd_x"] }, invalid("archived must be true or false", "archived")],
  ])("archive: %s is refused with 422", async (_, json, body) => {
    const before = await list(grace, "?archived=true");
    expect(await stack.callJson("POST", "/api/renders/archive", { json, ...as(grace) })).toMatchObject({
      status: 422,
      body,
    });
    expect(await list(grace, "?archived=true")).toEqual(before);
  });

  test("archive: an unknown id among known ones is a 404 naming it, and none is archived", async () => {
    const response = await stack.callJson("POST", "/api/renders/archive", {
      json: { ids: [renderAt(0).id, "rnd_not_here"], archived: true },
      ...as(grace),
    });
    expect(response).toEqual({
      status: 404,
      headers: expect.anything(),
      body: {
        error: {
          code: "not_found",
          message: "No render with these ids in the dashboard's history: rnd_not_here.",
          field: "ids",
        },
      },
    });
    expect(mine(await list(grace, "?archived=true"))).toEqual([]);
  });

  test("favourite: an unknown id is a 404 and stars nothing; a malformed one is a 422", async () => {
    expect(await stack.callJson("PUT", "/api/renders/rnd_not_here/favourite", as(grace))).toMatchObject({
      status: 404,
      body: { error: { code: "not_found", message: "No render with this id in the dashboard's history." } },
    });
    expect((await stack.callJson("PUT", "/api/renders/bad%20id/favourite", as(grace))).status).toBe(422);
    expect(await list(grace, "?favourite=true")).toEqual([]);
  });

  test("list filters take only their documented values", async () => {
    expect(await stack.callJson("GET", "/api/renders?favourite=yes", as(grace))).toMatchObject({
      status: 422,
      body: invalid("favourite must be 'true'", "favourite"),
    });
    expect(await stack.callJson("GET", "/api/renders?archived=all", as(grace))).toMatchObject({
      status: 422,
      body: invalid("archived must be 'true' or 'false'", "archived"),
    });
  });

  test("without a session nothing can be starred or archived", async () => {
    expect((await stack.call("PUT", `/api/renders/${renderAt(0).id}/favourite`)).status).toBe(401);
    expect(
      (await stack.call("POST", "/api/renders/archive", { json: { ids: [renderAt(0).id], archived: true } }))
        .status,
    ).toBe(401);
  });
});

describe("migration 004 on a ledger of the release before", () => {
  test("adds favourites and the archive column, and keeps every render", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ledger-004-"));
    const db = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: new LibsqlDialect(new Sqlite(path.join(dir, "dashboard.db"))),
    });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo("003_change_log")).error).toBeUndefined();
    const row = {
      id: "rnd_old",
      request_id: "req_old",
      request_seq: 1,
      variant_index: 0,
      kind: "image",
      model: "seedream",
      status: "ready",
      prompt: "kept across the migration",
      params: "{}",
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
      timing_key: "image",
      expected_seconds: 30,
      credits_charged: 7,
    };
    await db.insertInto("renders").values(row).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const after = await db.selectFrom("renders").selectAll().execute();
    expect(after).toEqual([expect.objectContaining({ ...row, archived_at: null })]);
    expect(await db.selectFrom("favourites").selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});

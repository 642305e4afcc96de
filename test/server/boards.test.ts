/**
 * Boards (docs/api.md, "Boards") with sign-in on, against the real simulator and a real ledger file:
 * making, renaming and deleting boards, their name rules, adding and removing renders in bulk (all or
 * none), who may change someone else's board, the list filter and zip of a board, and the live event
 * that tells open pages to re-read.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NAME_MAX_CHARS, type Board, type LedgerRender, type LiveEvent } from "@/lib/contract";
import { SseReader } from "@/test/sse-reader";
import { startStack, waitFor, type Stack, signedInMembers } from "@/test/server-stack";
import { zipEntries } from "@/test/zip-entries";

let stack: Stack;
let team: Awaited<ReturnType<typeof signedInMembers>>;
/** Renders made for these tests, oldest first. */
const made: LedgerRender[] = [];

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-4321" } });
  team = await signedInMembers(stack);
  for (const prompt of ["board one", "board two", "board three"]) {
    const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
      json: { kind: "image", prompt },
      ...as("Grace"),
    });
    expect(created.status).toBe(202);
    made.push(...created.body.renders);
  }
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  return stack.close();
});

const as = (name: string) => ({ headers: { cookie: team.cookies[name] ?? "" } });
const madeIds = () => made.map((render) => render.id);
const idAt = (i: number) => madeIds()[i] ?? "";

const create = (who: string, json: Record<string, unknown>) =>
  stack.callJson<Board>("POST", "/api/boards", { ...as(who), json });
const boards = async (who: string, query = "") =>
  (await stack.callJson<{ items: Board[] }>("GET", `/api/boards${query}`, as(who))).body.items;
const setRenders = (who: string, id: string, action: "add" | "remove", renderIds: string[]) =>
  stack.callJson<{ board: Board; changed: number }>("POST", `/api/boards/${id}/renders`, {
    ...as(who),
    json: { ids: renderIds, action },
  });
const listIds = async (query: string) => {
  const { status, body } = await stack.callJson<{ items: LedgerRender[] }>(
    "GET",
    `/api/renders${query}`,
    as("Linus"),
  );
  expect(status).toBe(200);
  return body.items.map((render) => render.id);
};

describe("making and changing boards", () => {
  test("a board is made with a trimmed name and a description, records its maker, and the team sees it", async () => {
    const created = await create("Grace", { name: "  Spring campaign  ", description: "Key visuals" });
    expect(created).toMatchObject({
      status: 201,
      body: {
        name: "Spring campaign",
        description: "Key visuals",
        member: { id: team.ids.Grace, name: "Grace" },
        count: 0,
        covers: [],
      },
    });
    expect((await boards("Linus")).map((b) => b.name)).toContain("Spring campaign");
    const read = await stack.callJson<Board>("GET", `/api/boards/${created.body.id}`, as("Linus"));
    expect(read.body).toEqual(created.body);
    expect((await stack.callJson("GET", "/api/boards")).status).toBe(401);
  });

  test("names: required, at most 80 characters, unique in the team in any case; nothing stored otherwise", async () => {
    const before = await boards("Grace");
    const refused = [
      [{ name: "   " }, 422, "invalid_request"],
      [{ name: "n".repeat(NAME_MAX_CHARS + 1) }, 422, "invalid_request"],
      [{ name: "SPRING CAMPAIGN" }, 409, "name_taken"],
    ] as const;
    for (const [json, status, code] of refused) {
      const answer = await create("Linus", json);
      expect(answer).toMatchObject({ status, body: { error: { code, field: "name" } } });
    }
    const tooLong = await create("Linus", { name: "Long words", description: "d".repeat(501) });
    expect(tooLong).toMatchObject({ status: 422, body: { error: { field: "description" } } });
    expect(await boards("Grace")).toEqual(before);
    expect((await create("Linus", { name: "n".repeat(NAME_MAX_CHARS) })).status).toBe(201);
  });

  test("rename and describe: the maker may; another member may not (403); an admin may; a taken name is 409", async () => {
    const board = (await create("Grace", { name: "Grace's moodboard" })).body;
    const path = `/api/boards/${board.id}`;
    const byLinus = await stack.callJson("PATCH", path, { ...as("Linus"), json: { name: "Linus's now" } });
    expect(byLinus).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    expect((await stack.callJson("DELETE", path, as("Linus"))).status).toBe(403);

    const renamed = await stack.callJson<Board>("PATCH", path, {
      ...as("Grace"),
      json: { name: "Moodboard", description: "Textures and light" },
    });
    expect(renamed.body).toMatchObject({ name: "Moodboard", description: "Textures and light" });
    const byAdmin = await stack.callJson<Board>("PATCH", path, { ...as("Ada"), json: { description: "" } });
    expect(byAdmin.body).toMatchObject({ name: "Moodboard", description: null });
    const taken = await stack.callJson("PATCH", path, { ...as("Grace"), json: { name: "spring campaign" } });
    expect(taken).toMatchObject({ status: 409, body: { error: { code: "name_taken", field: "name" } } });
    const missing = await stack.callJson("PATCH", "/api/boards/brd_nothing", {
      ...as("Ada"),
      json: { name: "x" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("renders on boards", () => {
  test("renders are added and removed in bulk; the board counts them and shows covers once they have output", async () => {
    const board = (await create("Linus", { name: "Picks" })).body;
    const added = await setRenders("Linus", board.id, "add", [idAt(0), idAt(1), idAt(0)]);
    expect(added).toMatchObject({ status: 200, body: { changed: 2, board: { count: 2 } } });
    // Adding again keeps the first addition.
    expect((await setRenders("Grace", board.id, "add", [idAt(1), idAt(2)])).body.changed).toBe(1);
    expect(new Set(await listIds(`?board=${board.id}`))).toEqual(new Set(madeIds()));

    const holding = await boards("Grace", `?render=${idAt(2)}`);
    expect(holding.find((b) => b.id === board.id)?.holds).toBe(true);
    expect(holding.filter((b) => b.id !== board.id).every((b) => b.holds === false)).toBe(true);

    const removed = await setRenders("Grace", board.id, "remove", [idAt(2)]);
    expect(removed.body).toMatchObject({ changed: 1, board: { count: 2 } });
    expect(new Set(await listIds(`?board=${board.id}`))).toEqual(new Set([idAt(0), idAt(1)]));

    const ready = await waitFor(async () => {
      const read = (await stack.callJson<Board>("GET", `/api/boards/${board.id}`, as("Grace"))).body;
      return read.covers.length === 2 ? read : undefined;
    }, 30_000);
    expect(new Set(ready.covers.map((r) => r.id))).toEqual(new Set([idAt(0), idAt(1)]));
  });

  test("an unknown render id, or an unknown board, refuses the whole request and changes nothing", async () => {
    const board = (await create("Grace", { name: "All or none" })).body;
    await setRenders("Grace", board.id, "add", [idAt(0)]);
    const unknown = await setRenders("Grace", board.id, "add", [idAt(1), "rnd_not_here"]);
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: "not_found", field: "ids" } } });
    expect((unknown.body as unknown as { error: { message: string } }).error.message).toContain(
      "rnd_not_here",
    );
    expect(await listIds(`?board=${board.id}`)).toEqual([idAt(0)]);
    expect((await setRenders("Grace", "brd_not_here", "add", [idAt(1)])).status).toBe(404);
    const empty = await setRenders("Grace", board.id, "add", []);
    expect(empty).toMatchObject({ status: 422, body: { error: { field: "ids" } } });
    expect(await listIds(`?board=${board.id}`)).toEqual([idAt(0)]);
  });

  test("a board lists its renders whatever their archive state; an unknown board lists none", async () => {
    const board = (await create("Grace", { name: "Archive proof" })).body;
    await setRenders("Grace", board.id, "add", [idAt(0), idAt(1)]);
    await stack.call("POST", "/api/renders/archive", {
      ...as("Grace"),
      json: { ids: [idAt(1)], archived: true },
    });
    expect(new Set(await listIds(`?board=${board.id}`))).toEqual(new Set([idAt(0), idAt(1)]));
    expect(await listIds(`?board=${board.id}&archived=false`)).toEqual([idAt(0)]);
    await stack.call("POST", "/api/renders/archive", {
      ...as("Grace"),
      json: { ids: [idAt(1)], archived: false },
    });
    expect(await listIds("?board=brd_unknown")).toEqual([]);
    const malformed = await stack.callJson("GET", "/api/renders?board=nope", as("Grace"));
    expect(malformed).toMatchObject({ status: 422, body: { error: { field: "board" } } });
  });

  test("the zip of a board holds its renders", async () => {
    const board = (await create("Grace", { name: "Zip me" })).body;
    await setRenders("Grace", board.id, "add", [idAt(1), idAt(2)]);
    const response = await stack.call("GET", `/api/renders/zip?board=${board.id}`, as("Linus"));
    expect(response.status).toBe(200);
    const entries = await zipEntries(new Uint8Array(await response.arrayBuffer()));
    const manifest = entries.find((e) => e.name === "manifest.json");
    const inZip = (JSON.parse(manifest?.data.toString("utf8") ?? "{}") as { items: { id: string }[] }).items;
    expect(new Set(inZip.map((r) => r.id))).toEqual(new Set([idAt(1), idAt(2)]));
    expect((await stack.call("GET", "/api/renders/zip?board=brd_unknown", as("Linus"))).status).toBe(404);
  });

  test("deleting a board (maker or admin) keeps its renders", async () => {
    const board = (await create("Grace", { name: "Short lived" })).body;
    await setRenders("Linus", board.id, "add", madeIds());
    expect((await stack.callJson("DELETE", `/api/boards/${board.id}`, as("Linus"))).status).toBe(403);
    const deleted = await stack.callJson("DELETE", `/api/boards/${board.id}`, as("Ada"));
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await stack.callJson("GET", `/api/boards/${board.id}`, as("Grace"))).status).toBe(404);
    expect(await listIds(`?board=${board.id}`)).toEqual([]);
    const all = await listIds(`?ids=${madeIds().join(",")}`);
    expect(new Set(all)).toEqual(new Set(madeIds()));
  });

  test("a board change reaches every open stream as a board event", async () => {
    const controller = new AbortController();
    const response = await stack.call("GET", "/api/events", { ...as("Linus"), signal: controller.signal });
    const reader = new SseReader(response.body as ReadableStream<Uint8Array>);
    await reader.until<LiveEvent>((e) => e.type === "hello");
    const board = (await create("Grace", { name: "Live" })).body;
    await reader.until<LiveEvent>((e) => e.type === "board" && e.id === board.id);
    await setRenders("Grace", board.id, "add", [idAt(0)]);
    const seen = await reader.until<LiveEvent>((e) => e.type === "board" && e.id === board.id);
    expect(seen.filter((e) => e.type === "board")).toEqual([{ type: "board", id: board.id }]);
    controller.abort();
    await reader.close();
  });
});

/**
 * Board links with sign-in on, against the real simulator and a real ledger file: sharing a board,
 * its links listed by board, the shared page holding only the board's finished outputs (with or
 * without prompts), a media route that serves only a render on the board now, and 404 once revoked
 * or once the board is gone.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Board, LedgerRender, Share, ShareCreated } from "@/lib/contract";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";

let stack: Stack;
let cookies: Record<string, string> = {};
let board: Board;
const PROMPTS = {
  first: "a lantern glowing amber",
  second: "a kite drifting seaward",
  off: "a canyon kept off the board",
  failed: "[fail] a broken board entry",
};
type Key = keyof typeof PROMPTS;
const renders = new Map<Key, LedgerRender>();

const as = (name: string) => ({ headers: { cookie: cookies[name] ?? "" } });
const idOf = (key: Key) => renders.get(key)?.id ?? "";

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-board-share" } });
  ({ cookies } = await signedInMembers(stack));
  for (const key of Object.keys(PROMPTS) as Key[]) {
    const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
      ...as("Grace"),
      json: { kind: "image", prompt: PROMPTS[key] },
    });
    expect(created.status).toBe(202);
    const id = created.body.renders[0]?.id ?? "";
    renders.set(
      key,
      await waitFor(async () => {
        const { body } = await stack.callJson<LedgerRender>("GET", `/api/renders/${id}`, as("Grace"));
        return ["ready", "failed"].includes(body.status) ? body : undefined;
      }, 30_000),
    );
  }
  const made = await stack.callJson<Board>("POST", "/api/boards", {
    ...as("Grace"),
    json: { name: "Lanterns and kites", description: "For the client" },
  });
  expect(made.status).toBe(201);
  board = made.body;
  await onBoard("add", [idOf("first"), idOf("second"), idOf("failed")]);
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  return stack.close();
});

async function onBoard(action: "add" | "remove", ids: string[]) {
  const { status } = await stack.callJson("POST", `/api/boards/${board.id}/renders`, {
    ...as("Grace"),
    json: { ids, action },
  });
  expect(status).toBe(200);
}

async function shareBoard(who: string, body: Record<string, unknown> = {}) {
  return stack.callJson<ShareCreated>("POST", "/api/shares", {
    ...as(who),
    json: { kind: "board", id: board.id, ...body },
  });
}

const tokenOf = (created: ShareCreated) => created.path.replace(/^\/s\//, "");

/** The shared page's view, and the media route for one render, as someone without a session gets them. */
async function openAsStranger(token: string, renderId?: string) {
  const { sharedViewForPage, sharedFile } = await import("@/lib/server/pages/share");
  const view = await sharedViewForPage(token);
  const query = renderId === undefined ? "" : `?render=${renderId}`;
  const file = await sharedFile(new Request(`http://dashboard.test/s/${token}/file${query}`), token);
  return { view, file };
}

/** The board's finished renders in the order its own page lists them. */
async function boardOutputIds() {
  const { body } = await stack.callJson<{ items: LedgerRender[] }>(
    "GET",
    `/api/renders?board=${board.id}`,
    as("Grace"),
  );
  return body.items.filter((r) => r.status === "ready" && r.outputUrl).map((r) => r.id);
}

describe("making and listing board links", () => {
  test("any member shares a board; the link names the board and is listed under it", async () => {
    const created = await shareBoard("Linus", { showPrompt: true });
    expect(created.status).toBe(201);
    expect(created.body.share).toMatchObject({
      kind: "board",
      targetId: board.id,
      targetLabel: board.name,
      member: { name: TEST_TEAM.linus.name },
    });
    const listed = async (query: string) =>
      (await stack.callJson<{ items: Share[] }>("GET", `/api/shares${query}`, as("Linus"))).body.items.map(
        (share) => share.id,
      );
    expect(await listed(`?board=${board.id}`)).toEqual([created.body.share.id]);
    expect(await listed(`?render=${idOf("first")}`)).not.toContain(created.body.share.id);
  });

  test("an unknown board is refused, nothing stored", async () => {
    const before = (await stack.callJson<{ items: Share[] }>("GET", "/api/shares", as("Ada"))).body.items;
    expect(await shareBoard("Grace", { id: "brd_no_such_board" })).toMatchObject({
      status: 404,
      body: { error: { code: "not_found", field: "id" } },
    });
    const after = (await stack.callJson<{ items: Share[] }>("GET", "/api/shares", as("Ada"))).body.items;
    expect(after).toEqual(before);
  });
});

describe("the shared board page and its media", () => {
  test("it shows the board's name, description and finished outputs in the board's order, nothing else", async () => {
    const token = tokenOf((await shareBoard("Grace", { showPrompt: true })).body);
    const { view } = await openAsStranger(token);
    const expected = await boardOutputIds();
    expect(expected).toHaveLength(2);
    const byId = new Map([...renders.values()].map((r) => [r.id, r]));
    expect(view).toEqual({
      kind: "board",
      name: board.name,
      description: board.description,
      outputs: expected.map((id) => ({
        media: "image",
        prompt: byId.get(id)?.prompt,
        fileHref: `/s/${token}/file?render=${id}`,
        downloadHref: `/s/${token}/file?render=${id}&download=1`,
      })),
    });
    const text = JSON.stringify(view);
    for (const leak of [
      TEST_TEAM.grace.name,
      TEST_TEAM.grace.email,
      board.id,
      idOf("off"),
      PROMPTS.off,
      idOf("failed"),
      PROMPTS.failed,
      "credit",
      "member",
    ]) {
      expect(text).not.toContain(leak);
    }
  });

  test("with the prompt hidden, no output carries it", async () => {
    const token = tokenOf((await shareBoard("Grace", { showPrompt: false })).body);
    const { view } = await openAsStranger(token);
    expect(view?.kind).toBe("board");
    const outputs = view?.kind === "board" ? view.outputs : [];
    expect(outputs.map((output) => output.prompt)).toEqual((await boardOutputIds()).map(() => null));
    const text = JSON.stringify(outputs);
    for (const key of ["first", "second"] as const) {
      for (const word of PROMPTS[key].split(" ").filter((w) => w.length > 3))
        expect(text).not.toContain(word);
    }
  });

  test("the media route serves a render on the board now and refuses any other, alike", async () => {
    const token = tokenOf((await shareBoard("Grace")).body);
    const served = await openAsStranger(token, idOf("first"));
    expect(served.file.status).toBe(200);
    const direct = await stack.call("GET", `/api/renders/${idOf("first")}/file`, as("Grace"));
    expect(Buffer.from(await served.file.arrayBuffer())).toEqual(Buffer.from(await direct.arrayBuffer()));
    expect(served.file.headers.get("cache-control")).toBe("no-store");
    expect(served.file.headers.get("x-robots-tag")).toBe("noindex, nofollow");

    for (const renderId of [idOf("off"), idOf("failed"), "no_such_render", undefined]) {
      const { file } = await openAsStranger(token, renderId);
      expect(file.status).toBe(404);
      expect(await file.json()).toMatchObject({ error: { code: "not_found" } });
      expect(file.headers.get("cache-control")).toBe("no-store");
    }

    // Taken off the board: gone from the page and the media route at once.
    await onBoard("remove", [idOf("first")]);
    try {
      const after = await openAsStranger(token, idOf("first"));
      expect(after.file.status).toBe(404);
      const hrefs = after.view?.kind === "board" ? after.view.outputs.map((o) => o.fileHref) : [];
      expect(hrefs.join(" ")).not.toContain(idOf("first"));
      expect(hrefs).toHaveLength((await boardOutputIds()).length);
    } finally {
      await onBoard("add", [idOf("first")]);
    }
  });

  test("a render link's media route refuses another render named in the query", async () => {
    const created = await stack.callJson<ShareCreated>("POST", "/api/shares", {
      ...as("Grace"),
      json: { kind: "render", id: idOf("first") },
    });
    const token = tokenOf(created.body);
    expect((await openAsStranger(token, idOf("first"))).file.status).toBe(200);
    expect((await openAsStranger(token, idOf("second"))).file.status).toBe(404);
  });
});

describe("revoking and deleting", () => {
  test("a revoked board link answers 404 at once, page and media", async () => {
    const created = (await shareBoard("Grace")).body;
    const token = tokenOf(created);
    expect((await openAsStranger(token, idOf("second"))).file.status).toBe(200);
    expect(await stack.callJson("DELETE", `/api/shares/${created.share.id}`, as("Linus"))).toMatchObject({
      status: 403,
    });
    expect((await stack.callJson("DELETE", `/api/shares/${created.share.id}`, as("Grace"))).status).toBe(200);
    const after = await openAsStranger(token, idOf("second"));
    expect(after.view).toBeUndefined();
    expect(after.file.status).toBe(404);
  });

  test("a deleted board's links open nothing and leave the lists", async () => {
    const created = (await shareBoard("Grace")).body;
    const token = tokenOf(created);
    expect((await openAsStranger(token)).view).toBeDefined();
    expect((await stack.callJson("DELETE", `/api/boards/${board.id}`, as("Grace"))).status).toBe(200);
    const after = await openAsStranger(token, idOf("second"));
    expect(after.view).toBeUndefined();
    expect(after.file.status).toBe(404);
    const listed = await stack.callJson<{ items: Share[] }>("GET", "/api/shares", as("Ada"));
    expect(listed.body.items.map((share) => share.id)).not.toContain(created.share.id);
  });
});

/**
 * Share links with sign-in on, against the real simulator and a real ledger file: who may make,
 * see and revoke links, what a shared page and its media route give to someone without a session,
 * and that a revoked, expired or unknown link opens nothing, at once.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LedgerRender, Share, ShareCreated } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";

let stack: Stack;
let cookies: Record<string, string> = {};
const PROMPTS = {
  shared: "a lighthouse kept for sharing",
  other: "a meadow nobody shares",
  failed: "[fail] broken",
};
const renders: Record<keyof typeof PROMPTS, LedgerRender | undefined> = {
  shared: undefined,
  other: undefined,
  failed: undefined,
};

const as = (name: string) => ({ headers: { cookie: cookies[name] ?? "" } });
const render = (key: keyof typeof PROMPTS): LedgerRender => {
  const found = renders[key];
  if (!found) throw new Error(`no ${key} render`);
  return found;
};

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-share" } });
  ({ cookies } = await signedInMembers(stack));
  for (const key of Object.keys(PROMPTS) as (keyof typeof PROMPTS)[]) {
    const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
      ...as("Grace"),
      json: { kind: "image", prompt: PROMPTS[key] },
    });
    expect(created.status).toBe(202);
    const id = created.body.renders[0]?.id ?? "";
    renders[key] = await waitFor(async () => {
      const { body } = await stack.callJson<LedgerRender>("GET", `/api/renders/${id}`, as("Grace"));
      return ["ready", "failed"].includes(body.status) ? body : undefined;
    }, 30_000);
  }
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  return stack.close();
});

async function share(who: string, body: Record<string, unknown>) {
  return stack.callJson<ShareCreated>("POST", "/api/shares", {
    ...as(who),
    json: { kind: "render", ...body },
  });
}

const tokenOf = (created: ShareCreated) => created.path.replace(/^\/s\//, "");

async function listed(who: string, query = "") {
  const { status, body } = await stack.callJson<{ items: Share[] }>("GET", `/api/shares${query}`, as(who));
  expect(status).toBe(200);
  return body.items.map((item) => item.id);
}

/** The shared page's view and its media route, as someone without a session gets them. */
async function openAsStranger(token: string) {
  const { sharedViewForPage, sharedFile } = await import("@/lib/server/pages/share");
  const view = await sharedViewForPage(token);
  const file = await sharedFile(new Request(`http://dashboard.test/s/${token}/file`), token);
  return { view, file };
}

describe("making a link", () => {
  test("a member shares a finished render: the link is shown once and only its hash is stored", async () => {
    const created = await share("Grace", { id: render("shared").id, showPrompt: true });
    expect(created.status).toBe(201);
    const token = tokenOf(created.body);
    // 32 random bytes in base64url.
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(created.body.share).toMatchObject({
      kind: "render",
      targetId: render("shared").id,
      tokenPrefix: token.slice(0, created.body.share.tokenPrefix.length),
      showPrompt: true,
      member: { name: TEST_TEAM.grace.name },
      expiresAt: null,
      lastOpenedAt: null,
    });
    expect(JSON.stringify(await listed("Grace"))).not.toContain(token);

    const rows = await (await getDb(stack.databaseUrl)).selectFrom("shares").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.id === created.body.share.id);
    expect(row?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
  });

  test("a render without output, an unknown render, a past expiry or an unknown kind are refused", async () => {
    expect(await share("Grace", { id: render("failed").id })).toMatchObject({
      status: 409,
      body: { error: { code: "render_not_ready", field: "id" } },
    });
    expect(await share("Grace", { id: "no_such_render" })).toMatchObject({
      status: 404,
      body: { error: { code: "not_found", field: "id" } },
    });
    expect(
      await share("Grace", { id: render("shared").id, expiresAt: new Date(Date.now() - 1000).toISOString() }),
    ).toMatchObject({ status: 422, body: { error: { field: "expiresAt" } } });
    expect(await share("Grace", { kind: "batch", id: render("shared").id })).toMatchObject({
      status: 422,
      body: { error: { field: "kind" } },
    });
    expect(
      (await stack.callJson("POST", "/api/shares", { json: { kind: "render", id: render("shared").id } }))
        .status,
    ).toBe(401);
  });
});

describe("seeing and revoking links", () => {
  test("a member sees their own links, an admin everyone's; a render's list holds only its links", async () => {
    const graces = (await share("Grace", { id: render("shared").id })).body.share.id;
    const linuss = (await share("Linus", { id: render("other").id })).body.share.id;

    expect(await listed("Grace")).toContain(graces);
    expect(await listed("Grace")).not.toContain(linuss);
    expect(await listed("Linus")).toEqual([linuss]);
    expect(await listed("Ada")).toEqual(expect.arrayContaining([graces, linuss]));
    expect(await listed("Ada", `?render=${render("other").id}`)).toEqual([linuss]);
    expect((await stack.callJson("GET", "/api/shares")).status).toBe(401);
  });

  test("only the creator or an admin revokes a link, and it answers 404 at once", async () => {
    const created = (await share("Grace", { id: render("shared").id })).body;
    const token = tokenOf(created);
    const path = `/api/shares/${created.share.id}`;
    expect((await openAsStranger(token)).file.status).toBe(200);

    expect(await stack.callJson("DELETE", path, as("Linus"))).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden" } },
    });
    expect(await stack.callJson("DELETE", path, as("Grace"))).toMatchObject({
      status: 200,
      body: { revoked: true },
    });
    const after = await openAsStranger(token);
    expect(after.view).toBeUndefined();
    expect(after.file.status).toBe(404);
    expect(after.file.headers.get("cache-control")).toContain("no-store");
    expect(await listed("Grace")).not.toContain(created.share.id);
    expect((await stack.callJson("DELETE", path, as("Grace"))).status).toBe(404);

    const linuss = (await share("Linus", { id: render("other").id })).body.share.id;
    expect((await stack.callJson("DELETE", `/api/shares/${linuss}`, as("Ada"))).status).toBe(200);
  });

  test("an expired link answers 404 as soon as its time has passed", async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const created = (await share("Grace", { id: render("shared").id, expiresAt })).body;
    expect(created.share.expiresAt).toBe(expiresAt);
    const token = tokenOf(created);
    expect((await openAsStranger(token)).view).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 50));
    const after = await openAsStranger(token);
    expect(after.view).toBeUndefined();
    expect(after.file.status).toBe(404);
  });
});

describe("the shared page and its media", () => {
  test("it shows the output and the prompt, nothing else, and notes its opening", async () => {
    const created = (await share("Grace", { id: render("shared").id, showPrompt: true })).body;
    const token = tokenOf(created);
    const { view, file } = await openAsStranger(token);
    expect(view).toEqual({
      kind: "render",
      media: "image",
      allowComments: false,
      prompt: PROMPTS.shared,
      fileHref: `/s/${token}/file`,
      downloadHref: `/s/${token}/file?download=1`,
    });

    // The same bytes as a member's download, without a session, never cached or indexed.
    const direct = await stack.call("GET", `/api/renders/${render("shared").id}/file`, as("Grace"));
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(await direct.arrayBuffer()));
    expect(file.headers.get("content-type")).toBe(direct.headers.get("content-type"));
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(file.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(file.headers.get("content-disposition")).toMatch(/^inline; .*lighthouse/);

    const opened = (
      await stack.callJson<{ items: Share[] }>("GET", "/api/shares", as("Grace"))
    ).body.items.find((item) => item.id === created.share.id);
    expect(opened?.lastOpenedAt).not.toBeNull();
  });

  test("a hidden prompt is in neither the page nor the file's name", async () => {
    const token = tokenOf((await share("Grace", { id: render("shared").id, showPrompt: false })).body);
    const { sharedFile } = await import("@/lib/server/pages/share");
    const { view } = await openAsStranger(token);
    expect(view).toMatchObject({ kind: "render", prompt: null });
    const download = await sharedFile(new Request(`http://dashboard.test/s/${token}/file?download=1`), token);
    expect(download.status).toBe(200);
    const disposition = download.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; /);
    await download.body?.cancel();
    const words = PROMPTS.shared.split(" ").filter((word) => word.length > 3);
    for (const text of [JSON.stringify(view), disposition]) {
      for (const word of words) expect(text).not.toContain(word);
    }
  });

  test("no member, cost or other render reaches the page", async () => {
    const token = tokenOf((await share("Grace", { id: render("shared").id })).body);
    const { view } = await openAsStranger(token);
    const text = JSON.stringify(view);
    for (const leak of [
      TEST_TEAM.grace.name,
      TEST_TEAM.grace.email,
      render("other").id,
      PROMPTS.other,
      "credit",
      "member",
    ]) {
      expect(text).not.toContain(leak);
    }
  });

  test("a malformed or unknown token opens nothing, alike", async () => {
    const known = tokenOf((await share("Grace", { id: render("shared").id })).body);
    // Same length and alphabet as a real token, one character changed.
    const unknown = `${known.slice(0, -1)}${known.endsWith("A") ? "B" : "A"}`;
    for (const token of [unknown, "short", "../../api/renders", `${known}x`]) {
      const { view, file } = await openAsStranger(token);
      expect(view).toBeUndefined();
      expect(file.status).toBe(404);
      expect(await file.json()).toMatchObject({ error: { code: "not_found" } });
    }
  });
});

/**
 * Personal API tokens with sign-in on, against the real simulator and a real ledger file: making,
 * listing and revoking them, what a bearer request may do (scope, role, caps, who it acts as), when
 * a token stops working (revoked, expired, its member gone), the throttle on wrong tokens, and that
 * no answer after the creation, no row and no log line holds a token.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  AppError,
  type ApiToken,
  type ApiTokenCreated,
  type LedgerRender,
  type SessionInfo,
  type TokenScope,
} from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { hashSecretToken } from "@/lib/server/runtime/secret-tokens";
import {
  TEST_TEAM,
  signedInMembers,
  startStack,
  waitFor,
  type CallInit,
  type HttpMethod,
  type Stack,
} from "@/test/server-stack";

let stack: Stack;
let ids: Record<string, string> = {};
let cookies: Record<string, string> = {};
/** Every secret made here and every answer read after its creation: none may hold one again. */
const secrets: string[] = [];
const answers: string[] = [];

const MARGARET = {
  email: "margaret@example.com",
  password: "a fourth long secret",
  name: "Margaret",
  role: "member",
} as const;

beforeAll(async () => {
  // One trusted proxy: the throttle tests give each client its own address.
  stack = await startStack({
    env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-tokens", TRUSTED_PROXY_HOPS: "1" },
  });
  ({ ids, cookies } = await signedInMembers(stack, [...Object.values(TEST_TEAM), MARGARET]));
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  delete process.env.TRUSTED_PROXY_HOPS;
  return stack.close();
});

const asMember = (name: string) => ({ cookie: cookies[name] ?? "" });

async function makeToken(
  who: string,
  body: { name?: string; scope: TokenScope; expiresAt?: string | null },
): Promise<ApiTokenCreated> {
  const created = await stack.callJson<ApiTokenCreated>("POST", "/api/tokens", {
    headers: asMember(who),
    json: { name: `${who}'s script`, ...body },
  });
  expect(created.status).toBe(201);
  secrets.push(created.body.secret);
  return created.body;
}

/** A request made with a token, from outside a browser (no cookie, no origin); its answer is kept. */
async function withToken<T = unknown>(secret: string, method: HttpMethod, path: string, init: CallInit = {}) {
  const response = await stack.call(method, path, {
    ...init,
    headers: { authorization: `Bearer ${secret}`, ...init.headers },
  });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as T };
}

async function listed(who: string): Promise<ApiToken[]> {
  const { status, body } = await stack.callJson<{ items: ApiToken[] }>("GET", "/api/tokens", {
    headers: asMember(who),
  });
  expect(status).toBe(200);
  answers.push(JSON.stringify(body));
  return body.items;
}

const image = (prompt: string) => ({ json: { kind: "image", prompt } });
/** A video is charged (an image is included in the plan). */
const video = (prompt: string) => ({
  json: { kind: "video", prompt, model: "kling", durationSeconds: 5, resolution: "720p" },
});

describe("making, listing and revoking tokens", () => {
  test("a member makes a token: the secret is answered once, the ledger keeps its hash", async () => {
    const { token, secret } = await makeToken("Grace", { name: "nightly batch", scope: "read" });
    expect(secret.startsWith("rdt_")).toBe(true);
    expect(Buffer.from(secret.slice("rdt_".length), "base64url")).toHaveLength(32);
    expect(token).toMatchObject({
      name: "nightly batch",
      scope: "read",
      tokenPrefix: secret.slice(0, token.tokenPrefix.length),
      member: { id: ids.Grace, name: TEST_TEAM.grace.name },
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(token.tokenPrefix.length).toBeLessThan(secret.length / 3);

    const rows = await (await getDb(stack.databaseUrl)).selectFrom("api_tokens").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows.find((row) => row.id === token.id)?.token_hash).toBe(hashSecretToken(secret));
  });

  test("a member lists their own tokens, an admin everyone's", async () => {
    const graces = (await makeToken("Grace", { scope: "read" })).token.id;
    const linuss = (await makeToken("Linus", { scope: "read" })).token.id;
    const ids = (tokens: ApiToken[]) => tokens.map((t) => t.id);
    expect(ids(await listed("Grace"))).toContain(graces);
    expect(ids(await listed("Grace"))).not.toContain(linuss);
    expect(ids(await listed("Linus"))).toEqual([linuss]);
    expect(ids(await listed("Ada"))).toEqual(expect.arrayContaining([graces, linuss]));
  });

  test("a bad name, scope or expiry is refused, and nothing is stored", async () => {
    const before = (await listed("Grace")).length;
    const refusals: [object, string][] = [
      [{ name: "  ", scope: "read" }, "name"],
      [{ name: "x".repeat(81), scope: "read" }, "name"],
      [{ name: "ok", scope: "write" }, "scope"],
      [{ name: "ok", scope: "read", expiresAt: "tomorrow" }, "expiresAt"],
      [{ name: "ok", scope: "read", expiresAt: new Date(Date.now() - 1000).toISOString() }, "expiresAt"],
    ];
    for (const [json, field] of refusals) {
      expect(
        await stack.callJson("POST", "/api/tokens", { headers: asMember("Grace"), json }),
        JSON.stringify(json),
      ).toMatchObject({ status: 422, body: { error: { code: "invalid_request", field } } });
    }
    expect(await listed("Grace")).toHaveLength(before);
  });

  test("a token cannot make another, even with scope read_and_create", async () => {
    const { secret } = await makeToken("Grace", { scope: "read_and_create" });
    expect(
      await withToken(secret, "POST", "/api/tokens", { json: { name: "child", scope: "read_and_create" } }),
    ).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
  });

  test("revoking ends a token at once; only its member or an admin may, and it leaves the list", async () => {
    const { token, secret } = await makeToken("Grace", { scope: "read" });
    const path = `/api/tokens/${token.id}`;
    expect((await withToken(secret, "GET", "/api/renders")).status).toBe(200);

    expect(await stack.callJson("DELETE", path, { headers: asMember("Linus") })).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden" } },
    });
    expect(await stack.callJson("DELETE", path, { headers: asMember("Grace") })).toMatchObject({
      status: 200,
      body: { revoked: true },
    });
    expect(await withToken(secret, "GET", "/api/renders")).toMatchObject({
      status: 401,
      body: { error: { code: "unauthenticated", message: "This API token was revoked." } },
    });
    expect((await listed("Grace")).map((t) => t.id)).not.toContain(token.id);
    expect((await stack.callJson("DELETE", path, { headers: asMember("Grace") })).status).toBe(404);

    const linuss = await makeToken("Linus", { scope: "read" });
    expect(
      (await stack.callJson("DELETE", `/api/tokens/${linuss.token.id}`, { headers: asMember("Ada") })).status,
    ).toBe(200);
    expect((await withToken(linuss.secret, "GET", "/api/renders")).status).toBe(401);
  });

  test("an expired token answers 401 as soon as its time has passed", async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const { token, secret } = await makeToken("Grace", { scope: "read", expiresAt });
    expect(token.expiresAt).toBe(expiresAt);
    expect((await withToken(secret, "GET", "/api/renders")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 50));
    expect(await withToken(secret, "GET", "/api/renders")).toMatchObject({
      status: 401,
      body: { error: { code: "unauthenticated", message: "This API token has expired." } },
    });
  });

  test("a token of a member no longer on the team stops working", async () => {
    const { secret } = await makeToken("Margaret", { scope: "read" });
    expect((await withToken(secret, "GET", "/api/renders")).status).toBe(200);
    await (
      await getDb(stack.databaseUrl)
    )
      .deleteFrom("members")
      .where("id", "=", ids.Margaret ?? "")
      .execute();
    expect(await withToken(secret, "GET", "/api/renders")).toMatchObject({
      status: 401,
      body: {
        error: { code: "unauthenticated", message: "This API token's member is no longer on the team." },
      },
    });
  });
});

describe("what a bearer request may do", () => {
  test("a read_and_create token creates and reads a render as its member, with no origin check", async () => {
    const { token, secret } = await makeToken("Grace", { scope: "read_and_create" });
    // A cross-site Origin does not matter: a browser never sends the header cross-site by itself.
    const created = await withToken<{ renders: LedgerRender[] }>(secret, "POST", "/api/renders", {
      ...image("made by a script"),
      headers: { origin: "https://elsewhere.example" },
    });
    expect(created.status).toBe(202);
    const id = created.body.renders[0]?.id ?? "";
    expect(created.body.renders[0]?.member).toEqual({ id: ids.Grace, name: TEST_TEAM.grace.name });

    const ready = await waitFor(async () => {
      const { body } = await withToken<LedgerRender>(secret, "GET", `/api/renders/${id}`);
      return body.status === "ready" ? body : undefined;
    }, 30_000);
    expect(ready).toMatchObject({ id, prompt: "made by a script", member: { id: ids.Grace } });
    const mine = await withToken<{ items: LedgerRender[] }>(
      secret,
      "GET",
      `/api/renders?member=${ids.Grace}`,
    );
    expect(mine.body.items.map((r) => r.id)).toContain(id);

    // The download and the upload routes take the token too.
    expect(
      (await stack.call("GET", `/api/renders/${id}/file`, { headers: { authorization: `Bearer ${secret}` } }))
        .status,
    ).toBe(200);
    const form = new FormData();
    form.set("kind", "image");
    form.set("file", new Blob([Buffer.from(PNG, "hex")], { type: "image/png" }), "ref.png");
    const upload = await withToken<{ member: unknown }>(secret, "POST", "/api/uploads", { body: form });
    expect(upload).toMatchObject({ status: 201, body: { member: { id: ids.Grace } } });

    // Its use is noted, at most once a minute.
    const used = (await listed("Grace")).find((t) => t.id === token.id)?.lastUsedAt;
    expect(used).not.toBeNull();
    await withToken(secret, "GET", "/api/renders");
    expect((await listed("Grace")).find((t) => t.id === token.id)?.lastUsedAt).toBe(used);
  });

  test("with a token and another member's cookie, the token decides", async () => {
    const { secret } = await makeToken("Grace", { scope: "read" });
    const session = await withToken<SessionInfo>(secret, "GET", "/api/auth/session", {
      headers: asMember("Linus"),
    });
    expect(session.body.member).toMatchObject({ id: ids.Grace });
    const wrong = await stack.callJson("GET", "/api/renders", {
      headers: { ...asMember("Linus"), authorization: "Bearer rdt_not-a-token" },
    });
    expect(wrong.status).toBe(401);
  });

  test("a read token reads and changes nothing: 403 insufficient_scope, nothing sent upstream", async () => {
    const { secret } = await makeToken("Grace", { scope: "read" });
    expect((await withToken(secret, "GET", "/api/renders")).status).toBe(200);
    const before = (await stack.simStats()).creates.total;
    const refused = await withToken(secret, "POST", "/api/renders", image("not allowed"));
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "insufficient_scope" } } });
    expect((await stack.simStats()).creates.total).toBe(before);
    expect(
      (await withToken(secret, "POST", "/api/boards", { json: { name: "read only board" } })).status,
    ).toBe(403);
  });

  test("admin-only routes need an admin's token", async () => {
    const member = await makeToken("Grace", { scope: "read_and_create" });
    expect(await withToken(member.secret, "GET", "/api/members")).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden", message: "Only a team admin can do this." } },
    });
    const admin = await makeToken("Ada", { scope: "read" });
    const members = await withToken<{ items: { id: string }[] }>(admin.secret, "GET", "/api/members");
    expect(members.status).toBe(200);
    expect(members.body.items.map((m) => m.id)).toContain(ids.Grace);
    expect(
      await withToken(admin.secret, "POST", "/api/team", { json: { defaultMonthlyCapCredits: 1 } }),
    ).toMatchObject({ status: 403, body: { error: { code: "insufficient_scope" } } });
  });

  test("a token's renders count against its member's cap, which stops the next one", async () => {
    const { secret } = await makeToken("Linus", { scope: "read_and_create" });
    const spent = async () =>
      (await withToken<SessionInfo>(secret, "GET", "/api/auth/session")).body.member?.spentThisMonth ?? -1;
    const before = await spent();
    const created = await withToken<{ renders: LedgerRender[] }>(
      secret,
      "POST",
      "/api/renders",
      video("capped script"),
    );
    expect(created.status).toBe(202);
    const charged = created.body.renders.reduce((sum, r) => sum + r.creditsCharged, 0);
    expect(charged).toBeGreaterThan(0);
    expect(await spent()).toBe(before + charged);

    const capped = await stack.callJson("POST", `/api/members/${ids.Linus}`, {
      headers: asMember("Ada"),
      json: { monthlyCapCredits: before + charged },
    });
    expect(capped.status).toBe(200);
    const sent = (await stack.simStats()).creates.total;
    expect(await withToken(secret, "POST", "/api/renders", video("one too many"))).toMatchObject({
      status: 403,
      body: { error: { code: "member_cap_reached" } },
    });
    expect((await stack.simStats()).creates.total).toBe(sent);
  });

  test("the live event stream takes a token, and knows when it is revoked", async () => {
    const { token, secret } = await makeToken("Grace", { scope: "read" });
    const abort = new AbortController();
    const stream = await stack.call("GET", "/api/events", {
      headers: { authorization: `Bearer ${secret}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    abort.abort();
    await stream.body?.cancel().catch(() => undefined);

    const { stillActsAs } = await import("@/lib/server/access/caller");
    const request = new Request("http://dashboard.test/api/events", {
      headers: { authorization: `Bearer ${secret}` },
    });
    const grace = {
      id: ids.Grace ?? "",
      email: TEST_TEAM.grace.email,
      name: "Grace",
      role: "member" as const,
      monthlyCapCredits: null,
      deactivatedAt: null,
    };
    expect(await stillActsAs(request, grace)).toBe(true);
    await stack.call("DELETE", `/api/tokens/${token.id}`, { headers: asMember("Grace") });
    expect(await stillActsAs(request, grace)).toBe(false);
  });
});

describe("wrong tokens", () => {
  test("count in the sign-in throttle per address: 429 with Retry-After, for sign-in too", async () => {
    const address = { "x-forwarded-for": "10.20.0.1" };
    const { secret } = await makeToken("Grace", { scope: "read" });
    for (let i = 0; i < 20; i++) {
      const wrong = await withToken(`rdt_${"x".repeat(43)}${i}`, "GET", "/api/renders", { headers: address });
      expect(wrong).toMatchObject({
        status: 401,
        body: { error: { code: "unauthenticated", message: "This API token is not valid." } },
      });
    }
    const held = await withToken(secret, "GET", "/api/renders", { headers: address });
    expect(held).toMatchObject({ status: 429, body: { error: { code: "rate_limited" } } });
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    const signIn = await stack.call("POST", "/api/auth/sign-in", {
      headers: address,
      json: { email: TEST_TEAM.grace.email, password: TEST_TEAM.grace.password },
    });
    expect(signIn.status).toBe(429);
    // Another address is not held back.
    expect(
      (await withToken(secret, "GET", "/api/renders", { headers: { "x-forwarded-for": "10.20.0.2" } }))
        .status,
    ).toBe(200);
  });

  test("a revoked or expired token is not a guess: it never counts", async () => {
    const address = { "x-forwarded-for": "10.20.1.1" };
    const { token, secret } = await makeToken("Grace", { scope: "read" });
    await stack.call("DELETE", `/api/tokens/${token.id}`, { headers: asMember("Grace") });
    for (let i = 0; i < 25; i++) {
      expect((await withToken(secret, "GET", "/api/renders", { headers: address })).status).toBe(401);
    }
  });
});

test("no answer after its creation, no ledger row and no log line holds a token", async () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    const { errorResponse } = await import("@/lib/server/http/route");
    const secret = secrets[0] ?? "";
    errorResponse(
      new AppError("internal_error", "A bug.", { cause: new Error(`bad header Bearer ${secret}`) }),
    );
    const logged = errors.mock.calls.flat().join("\n");
    expect(logged).toContain("bad header Bearer rdt_");
    expect(logged).not.toContain(secret);
  } finally {
    errors.mockRestore();
  }
  expect(secrets.length).toBeGreaterThan(10);
  const rows = await (await getDb(stack.databaseUrl)).selectFrom("api_tokens").selectAll().execute();
  for (const secret of secrets) {
    expect(answers.some((answer) => answer.includes(secret))).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(secret);
  }
});

const PNG =
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
  "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4d5e20000000049454e44ae426082";

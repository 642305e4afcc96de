/**
 * People run from the browser, over the routes with sign-in on, on SQLite and PostgreSQL: sessions
 * the server ends (sign-out, a copied cookie, everywhere else, idle and absolute ends, no session id
 * kept across a sign-in).
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type {
  ApiTokenCreated,
  InviteCreated,
  InviteList,
  OneTimeLink,
  LedgerRender,
  LiveEvent,
  Member,
  MemberNameList,
  SessionList,
} from "@/lib/contract";
import { setMemberDeactivated } from "@/lib/server/ledger/members";
import { getDb } from "@/lib/server/db/database";
import { SseReader } from "@/test/sse-reader";
import { TEST_TEAM, signedInMembers, startStack, type Stack, type TestMember } from "@/test/server-stack";

let stack: Stack;
const AUTH_SECRET = "a-test-secret-that-is-long-enough-1234";
let adaId = "";
let asAda: Record<string, string> = {};
const ADA = TEST_TEAM.ada;
/** Each test signs in members of its own, so one test's ended sessions are no other's. */
const person = (name: string, role: TestMember["role"] = "member"): TestMember => ({
  name,
  role,
  email: `${name.toLowerCase()}@example.com`,
  password: `${name} has a long password`,
});

beforeAll(async () => {
  // One trusted proxy: a test names its client address in X-Forwarded-For.
  stack = await startStack({ env: { AUTH_SECRET, TRUSTED_PROXY_HOPS: "1" } });
  const { ids, cookies } = await signedInMembers(stack, [ADA]);
  [adaId, asAda] = [ids.Ada ?? "", { cookie: cookies.Ada ?? "" }];
});
afterAll(() => stack.close());

async function signIn(member: TestMember, cookie?: string): Promise<string> {
  const response = await stack.call("POST", "/api/auth/sign-in", {
    json: { email: member.email, password: member.password },
    headers: cookie ? { cookie } : {},
  });
  expect(response.status).toBe(200);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

const statusWith = async (cookie: string) =>
  (await stack.call("GET", "/api/auth/sessions", { headers: { cookie } })).status;

describe("sessions the server can end", () => {
  test("sign-out ends the session on the server: a copy of the cookie then gets 401", async () => {
    const { cookies } = await signedInMembers(stack, [person("Copied")]);
    const cookie = cookies.Copied ?? "";
    expect(await statusWith(cookie)).toBe(200);
    const out = await stack.call("POST", "/api/auth/sign-out", { headers: { cookie } });
    expect(out.status).toBe(200);
    expect(await statusWith(cookie)).toBe(401);
    expect((await stack.call("GET", "/api/renders", { headers: { cookie } })).status).toBe(401);
  });

  test("the list marks this session; Sign out everywhere else ends the others, this one stays", async () => {
    const member = person("Many");
    const { cookies } = await signedInMembers(stack, [member]);
    const first = cookies.Many ?? "";
    const second = await signIn(member);
    const third = await signIn(member);
    const list = await stack.callJson<SessionList>("GET", "/api/auth/sessions", {
      headers: { cookie: second },
    });
    expect(list.body.items).toHaveLength(3);
    expect(list.body.items.filter((s) => s.current)).toHaveLength(1);
    const ended = await stack.callJson("POST", "/api/auth/sessions/sign-out-others", {
      headers: { cookie: second },
    });
    expect(ended.body).toEqual({ ended: 2 });
    expect([await statusWith(first), await statusWith(second), await statusWith(third)]).toEqual([
      401, 200, 401,
    ]);
  });

  test("Sign out on one session of the list ends that one only; another member's is not found", async () => {
    const member = person("Single");
    const { cookies } = await signedInMembers(stack, [member]);
    const kept = cookies.Single ?? "";
    const other = await signIn(member);
    const list = await stack.callJson<SessionList>("GET", "/api/auth/sessions", {
      headers: { cookie: kept },
    });
    const target = list.body.items.find((s) => !s.current);
    const { cookies: strangers } = await signedInMembers(stack, [person("Stranger")]);
    const refused = await stack.call("DELETE", `/api/auth/sessions/${target?.id}`, {
      headers: { cookie: strangers.Stranger ?? "" },
    });
    expect(refused.status).toBe(404);
    const ended = await stack.call("DELETE", `/api/auth/sessions/${target?.id}`, {
      headers: { cookie: kept },
    });
    expect(ended.status).toBe(200);
    expect([await statusWith(kept), await statusWith(other)]).toEqual([200, 401]);
  });

  test("an open event stream closes at once when its session is signed out elsewhere", async () => {
    const member = person("Streamer");
    const { cookies } = await signedInMembers(stack, [member]);
    const streaming = cookies.Streamer ?? "";
    const other = await signIn(member);
    const response = await stack.call("GET", "/api/events", { headers: { cookie: streaming } });
    const reader = new SseReader(response.body as ReadableStream<Uint8Array>);
    await reader.until<LiveEvent>((e) => e.type === "hello");
    await stack.call("POST", "/api/auth/sessions/sign-out-others", { headers: { cookie: other } });
    // Well before the stream's 15 s ping: the hub re-checks its streams on the session change.
    const events = await reader.until<LiveEvent>((e) => e.type === "signed-out", 2_000);
    expect(events.at(-1)).toEqual({ type: "signed-out" });
    expect(await reader.next(2_000)).toBeNull();
  });

  test("a session unused for SESSION_IDLE_HOURS (72 by default) ends, as does one past SESSION_DAYS", async () => {
    const member = person("Idle");
    const { ids, cookies } = await signedInMembers(stack, [member]);
    const [idle, old, recent] = [cookies.Idle ?? "", await signIn(member), await signIn(member)];
    const db = await getDb(stack.databaseUrl);
    const [idleRow, oldRow, recentRow] = await db
      .selectFrom("sessions")
      .select("id")
      .where("member_id", "=", ids.Idle ?? "")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const set = (id: string | undefined, values: { last_seen_at?: string; expires_at?: string }) =>
      db
        .updateTable("sessions")
        .set(values)
        .where("id", "=", id ?? "")
        .execute();
    await set(idleRow?.id, { last_seen_at: hoursAgo(72.1) });
    await set(oldRow?.id, { expires_at: hoursAgo(0.01) });
    await set(recentRow?.id, { last_seen_at: hoursAgo(71.9) });
    expect([await statusWith(idle), await statusWith(old), await statusWith(recent)]).toEqual([
      401, 401, 200,
    ]);
  });

  test("a session id sent before sign-in is never kept: sign-in answers a new one and ends the old", async () => {
    const member = person("Fixed");
    const { cookies } = await signedInMembers(stack, [member]);
    const before = cookies.Fixed ?? "";
    const after = await signIn(member, before);
    expect(after).not.toBe(before);
    expect([await statusWith(before), await statusWith(after)]).toEqual([401, 200]);
  });

  test("the cookie carries only a signed id: a changed signature, or a cookie of the old self-contained format, is refused", async () => {
    const member = person("Forger");
    const { ids, cookies } = await signedInMembers(stack, [member]);
    const [name, value] = (cookies.Forger ?? "").split("=") as [string, string];
    const [secret] = value.split(".");
    expect(await statusWith(`${name}=${secret}.${"A".repeat(43)}`)).toBe(401);
    // What sign-in used to set: the member id, session version and expiry, signed with AUTH_SECRET.
    const payload = Buffer.from(JSON.stringify([ids.Forger, 1, 9_999_999_999])).toString("base64url");
    const signature = createHmac("sha256", AUTH_SECRET).update(payload).digest("base64url");
    expect(await statusWith(`${name}=${payload}.${signature}`)).toBe(401);
  });
});

describe("deactivating and reactivating a member", () => {
  test("their session, token and open stream stop at once, they cannot sign in, and their render keeps their name, marked", async () => {
    const member = person("Leaving");
    const { ids, cookies } = await signedInMembers(stack, [member]);
    const cookie = cookies.Leaving ?? "";
    const made = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
      headers: { cookie },
      json: { kind: "image", prompt: "made before leaving" },
    });
    expect(made.status).toBe(202);
    const renderId = made.body.renders[0]?.id ?? "";
    const token = await stack.callJson<ApiTokenCreated>("POST", "/api/tokens", {
      headers: { cookie },
      json: { name: "script", scope: "read" },
    });
    const bearer = { authorization: `Bearer ${token.body.secret}` };
    expect((await stack.call("GET", "/api/renders", { headers: bearer })).status).toBe(200);
    const stream = await stack.call("GET", "/api/events", { headers: { cookie } });
    const reader = new SseReader(stream.body as ReadableStream<Uint8Array>);
    await reader.until<LiveEvent>((e) => e.type === "hello");

    const deactivated = await stack.callJson("POST", `/api/members/${ids.Leaving}/deactivate`, {
      headers: asAda,
    });
    expect(deactivated).toMatchObject({
      status: 200,
      body: { id: ids.Leaving, deactivatedAt: expect.any(String) },
    });
    expect(await statusWith(cookie)).toBe(401);
    expect(await stack.callJson("GET", "/api/renders", { headers: bearer })).toMatchObject({
      status: 401,
      body: { error: { code: "unauthenticated", message: "This API token's member was deactivated." } },
    });
    expect((await reader.until<LiveEvent>((e) => e.type === "signed-out", 2_000)).at(-1)).toEqual({
      type: "signed-out",
    });
    const refusedSignIn = await stack.callJson("POST", "/api/auth/sign-in", {
      json: { email: member.email, password: member.password },
    });
    expect(refusedSignIn).toMatchObject({
      status: 401,
      body: { error: { message: expect.stringContaining("deactivated") } },
    });
    const render = await stack.callJson<LedgerRender>("GET", `/api/renders/${renderId}`, { headers: asAda });
    expect(render.body.member).toEqual({ id: ids.Leaving, name: "Leaving (deactivated)" });
    const listed = await stack.callJson<{ items: LedgerRender[] }>("GET", "/api/renders", { headers: asAda });
    expect(listed.body.items.find((r) => r.id === renderId)?.member?.name).toBe("Leaving (deactivated)");
    const names = await stack.callJson<MemberNameList>("GET", "/api/members/names", { headers: asAda });
    expect(names.body.items).toContainEqual({ id: ids.Leaving, name: "Leaving (deactivated)" });

    const reactivated = await stack.callJson("POST", `/api/members/${ids.Leaving}/reactivate`, {
      headers: asAda,
    });
    expect(reactivated).toMatchObject({ status: 200, body: { deactivatedAt: null } });
    expect((await stack.call("GET", "/api/renders", { headers: bearer })).status).toBe(200);
    expect(await statusWith(await signIn(member))).toBe(200);
    const again = await stack.callJson<LedgerRender>("GET", `/api/renders/${renderId}`, { headers: asAda });
    expect(again.body.member).toEqual({ id: ids.Leaving, name: "Leaving" });
  });

  test("an admin cannot deactivate themselves; a member cannot deactivate anyone", async () => {
    expect(
      await stack.callJson("POST", `/api/members/${adaId}/deactivate`, { headers: asAda }),
    ).toMatchObject({
      status: 422,
      body: { error: { code: "invalid_request", message: "An admin cannot deactivate themselves." } },
    });
    const { cookies } = await signedInMembers(stack, [person("Plain")]);
    const refused = await stack.call("POST", `/api/members/${adaId}/deactivate`, {
      headers: { cookie: cookies.Plain ?? "" },
    });
    expect(refused.status).toBe(403);
  });

  test("the team's last active admin is never deactivated, however it is asked", async () => {
    const db = await getDb(stack.databaseUrl);
    // Ada is the only admin: routes cannot get here (she may not deactivate herself), two admins
    // deactivating each other at once can, and the ledger refuses the second.
    await expect(setMemberDeactivated(db, adaId, new Date().toISOString())).rejects.toMatchObject({
      code: "last_admin",
      status: 409,
    });
    expect(await statusWith(asAda.cookie ?? "")).toBe(200);
  });
});

describe("invites", () => {
  const invite = (json: object, headers = asAda) =>
    stack.callJson<InviteCreated>("POST", "/api/invites", { headers, json });
  const tokenOf = (created: InviteCreated) => created.link.path.replace("/join/", "");
  const join = (json: object, address = "10.9.0.1") =>
    stack.callJson("POST", "/api/auth/join", { json, headers: { "x-forwarded-for": address } });

  test("the invitee joins through the link once, with the invite's email and role, and is signed in", async () => {
    const created = await invite({ name: "Hopper", email: "hopper@example.com", role: "admin" });
    expect(created.status).toBe(201);
    expect(created.body.link.path).toMatch(/^\/join\/[A-Za-z0-9_-]{43}$/);
    const pending = await stack.callJson<InviteList>("GET", "/api/invites", { headers: asAda });
    expect(pending.body.items.map((i) => i.id)).toContain(created.body.invite.id);
    const password = "Grace Hopper's compiler";
    const joined = await stack.call("POST", "/api/auth/join", {
      json: { token: tokenOf(created.body), name: "Grace Hopper", password },
    });
    expect(joined.status).toBe(201);
    const cookie = (joined.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const session = await stack.callJson<{ member: Member }>("GET", "/api/auth/session", {
      headers: { cookie },
    });
    expect(session.body.member).toMatchObject({
      name: "Grace Hopper",
      email: "hopper@example.com",
      role: "admin",
    });
    expect(await join({ token: tokenOf(created.body), name: "Again", password })).toMatchObject({
      status: 410,
      body: { error: { code: "link_unusable", message: expect.stringContaining("already used") } },
    });
    const after = await stack.callJson<InviteList>("GET", "/api/invites", { headers: asAda });
    expect(after.body.items.map((i) => i.id)).not.toContain(created.body.invite.id);
    await signIn({ name: "Grace Hopper", role: "admin", email: "hopper@example.com", password });
  });

  test("a revoked or expired invite signs nobody in; revoking twice is not found", async () => {
    const revoked = (await invite({ name: "Revoked", role: "member" })).body;
    expect((await stack.call("DELETE", `/api/invites/${revoked.invite.id}`, { headers: asAda })).status).toBe(
      200,
    );
    expect((await stack.call("DELETE", `/api/invites/${revoked.invite.id}`, { headers: asAda })).status).toBe(
      404,
    );
    const body = { name: "Someone", email: "someone@example.com", password: "a long enough secret" };
    expect(await join({ ...body, token: tokenOf(revoked) })).toMatchObject({
      status: 410,
      body: { error: { message: expect.stringContaining("revoked") } },
    });
    const expired = (await invite({ name: "Late", role: "member" })).body;
    const db = await getDb(stack.databaseUrl);
    const past = new Date(Date.now() - 1000).toISOString();
    await db
      .updateTable("member_links")
      .set({ expires_at: past })
      .where("id", "=", expired.invite.id)
      .execute();
    expect(await join({ ...body, token: tokenOf(expired) })).toMatchObject({
      status: 410,
      body: { error: { message: expect.stringContaining("expired") } },
    });
    const members = await stack.callJson<{ items: Member[] }>("GET", "/api/members", { headers: asAda });
    expect(members.body.items.map((m) => m.email)).not.toContain(body.email);
  });

  test("a password under 10 characters or among the most common is refused, and the invite stays usable", async () => {
    const created = (await invite({ name: "Careful", role: "member" })).body;
    const token = tokenOf(created);
    const email = "careful@example.com";
    expect(await join({ token, name: "Careful", email, password: "short" })).toMatchObject({
      status: 422,
      body: { error: { field: "password" } },
    });
    expect(await join({ token, name: "Careful", email, password: "Password123" })).toMatchObject({
      status: 422,
      body: { error: { field: "password", message: expect.stringContaining("most common") } },
    });
    expect(await join({ token, name: "Careful", password: "not guessable, not short" })).toMatchObject({
      status: 422,
      body: { error: { field: "email" } },
    });
    expect((await join({ token, name: "Careful", email, password: "not guessable, not short" })).status).toBe(
      201,
    );
  });

  test("guessing invite tokens is throttled per address", async () => {
    const body = { name: "Guess", email: "guess@example.com", password: "a long enough secret" };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await join({ ...body, token: `${"x".repeat(40)}${String(i).padStart(3, "0")}` }, "10.9.9.9")).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not held back.
    expect((await join({ ...body, token: "y".repeat(43) }, "10.9.9.10")).status).toBe(404);
  });

  test("only admins invite", async () => {
    const { cookies } = await signedInMembers(stack, [person("Inviter")]);
    const refused = await invite({ name: "Nobody", role: "member" }, { cookie: cookies.Inviter ?? "" });
    expect(refused.status).toBe(403);
  });
});

describe("passwords", () => {
  test("an admin's reset link sets the password once, within the hour, ends every session and signs in afresh", async () => {
    const member = person("Forgetful");
    const { ids, cookies } = await signedInMembers(stack, [member]);
    const made = await stack.callJson<OneTimeLink>("POST", `/api/members/${ids.Forgetful}/password-reset`, {
      headers: asAda,
    });
    expect(made.status).toBe(201);
    expect(Date.parse(made.body.expiresAt) - Date.now()).toBeLessThanOrEqual(3_600_000);
    const token = made.body.path.replace("/reset/", "");
    const password = "a brand new long password";
    const reset = await stack.call("POST", "/api/auth/reset-password", { json: { token, password } });
    expect(reset.status).toBe(200);
    const fresh = (reset.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect([await statusWith(cookies.Forgetful ?? ""), await statusWith(fresh)]).toEqual([401, 200]);
    expect(
      await stack.callJson("POST", "/api/auth/reset-password", { json: { token, password } }),
    ).toMatchObject({
      status: 410,
      body: { error: { message: expect.stringContaining("already used") } },
    });
    await signIn({ ...member, password });

    const late = await stack.callJson<OneTimeLink>("POST", `/api/members/${ids.Forgetful}/password-reset`, {
      headers: asAda,
    });
    const db = await getDb(stack.databaseUrl);
    const hourAgo = new Date(Date.now() - 1000).toISOString();
    await db
      .updateTable("member_links")
      .set({ expires_at: hourAgo })
      .where("kind", "=", "reset")
      .where("used_at", "is", null)
      .execute();
    const lateToken = late.body.path.replace("/reset/", "");
    expect(
      await stack.callJson("POST", "/api/auth/reset-password", { json: { token: lateToken, password } }),
    ).toMatchObject({
      status: 410,
      body: { error: { message: expect.stringContaining("expired") } },
    });
  });

  test("changing your own password needs the current one, refuses a common one, and ends your other sessions", async () => {
    const member = person("Changer");
    const { cookies } = await signedInMembers(stack, [member]);
    const here = cookies.Changer ?? "";
    const elsewhere = await signIn(member);
    const change = (json: object) =>
      stack.callJson("POST", "/api/auth/password", { headers: { cookie: here }, json });
    expect(
      await change({ currentPassword: "not my password", newPassword: "a brand new long password" }),
    ).toMatchObject({
      status: 422,
      body: { error: { field: "currentPassword" } },
    });
    expect(await change({ currentPassword: member.password, newPassword: "qwertyuiop" })).toMatchObject({
      status: 422,
      body: { error: { field: "newPassword", message: expect.stringContaining("most common") } },
    });
    expect([await statusWith(here), await statusWith(elsewhere)]).toEqual([200, 200]);
    expect(
      await change({ currentPassword: member.password, newPassword: "a brand new long password" }),
    ).toMatchObject({
      status: 200,
      body: { changed: true, sessionsEnded: 1 },
    });
    expect([await statusWith(here), await statusWith(elsewhere)]).toEqual([200, 401]);
    await signIn({ ...member, password: "a brand new long password" });
  });
});

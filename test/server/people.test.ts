/**
 * People run from the browser, over the routes with sign-in on, on SQLite and PostgreSQL: sessions
 * the server ends (sign-out, a copied cookie, everywhere else, idle and absolute ends, no session id
 * kept across a sign-in).
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LiveEvent, SessionList } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { SseReader } from "@/test/sse-reader";
import { TEST_TEAM, signedInMembers, startStack, type Stack, type TestMember } from "@/test/server-stack";

let stack: Stack;
const AUTH_SECRET = "a-test-secret-that-is-long-enough-1234";
const ADA = TEST_TEAM.ada;
/** Each test signs in members of its own, so one test's ended sessions are no other's. */
const person = (name: string, role: TestMember["role"] = "member"): TestMember => ({
  name,
  role,
  email: `${name.toLowerCase()}@example.com`,
  password: `${name} has a long password`,
});

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET } });
  await signedInMembers(stack, [ADA]);
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

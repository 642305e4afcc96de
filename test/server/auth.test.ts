/**
 * Team access with sign-in on: no route without a session (every route under app/api, found on
 * disk), signed cookies, sign-in throttling, cross-site refusal, admin-only routes, who ran what,
 * and member credit caps enforced before anything reaches the service.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LedgerRender } from "@/lib/contract";
import { updateMember } from "@/lib/server/ledger/members";
import { addMember } from "@/lib/server/team/members";
import { getDb } from "@/lib/server/db";
import { HTTP_METHODS, apiRoutes, startStack, type Stack } from "@/test/server-stack";

let stack: Stack;
const ADMIN = { email: "ada@example.com", password: "correct horse battery" };
const MEMBER = { email: "grace@example.com", password: "another long secret" };
let memberId = "";

/** Routes anyone may call: the sign-in flow and the readiness probe. */
const PUBLIC = new Set([
  "POST /api/auth/sign-in",
  "POST /api/auth/sign-out",
  "GET /api/auth/session",
  "GET /api/health",
]);

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-1234" } });
  const db = await getDb(stack.databaseUrl);
  await addMember(db, { ...ADMIN, name: "Ada", role: "admin" });
  memberId = (await addMember(db, { ...MEMBER, name: "Grace", role: "member" })).id;
});
afterAll(() => stack.close());

async function signIn(
  credentials: { email: string; password: string },
  address = "10.0.0.1",
): Promise<string> {
  const response = await stack.call("POST", "/api/auth/sign-in", {
    json: credentials,
    headers: { "x-forwarded-for": address },
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/^rd_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
  return cookie.split(";")[0] ?? "";
}

const unauthenticated = { error: { code: "unauthenticated", message: "Sign in to use the dashboard." } };

describe("no route is reachable without a session", () => {
  test("every route and method under app/api, however it is asked", async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    let checked = 0;
    for (const route of routes) {
      const handlers = await route.load();
      const path = route.path.replace(/\[[^\]]+\]/g, "rnd_x");
      for (const method of HTTP_METHODS) {
        if (!handlers[method] || PUBLIC.has(`${method} ${route.path}`)) continue;
        const attempts: Record<string, string>[] = [
          {},
          { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
          { cookie: "rd_session=eyJ0YW1wZXJlZCI6dHJ1ZX0.c2lnbmF0dXJl" },
          { authorization: "Bearer rs_live_demo_team_1" },
        ];
        for (const headers of attempts) {
          const body = method === "GET" ? {} : { json: {} };
          const response = await stack.callJson(method, path, { headers, ...body });
          expect(response, `${method} ${path} ${JSON.stringify(headers)}`).toMatchObject({
            status: 401,
            body: unauthenticated,
          });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });
});

describe("sign-in", () => {
  test("a wrong password and an unknown email get the same answer", async () => {
    for (const credentials of [
      { email: ADMIN.email, password: "wrong password" },
      { email: "nobody@example.com", password: "wrong password" },
    ]) {
      const response = await stack.callJson("POST", "/api/auth/sign-in", {
        json: credentials,
        headers: { "x-forwarded-for": "10.0.0.9" },
      });
      expect(response).toMatchObject({
        status: 401,
        body: { error: { code: "unauthenticated", message: "Wrong email or password." } },
      });
    }
  });

  test("after five failures the account is throttled from that address, even with the right password", async () => {
    const address = "10.0.0.66";
    for (let i = 0; i < 5; i++) {
      await stack.call("POST", "/api/auth/sign-in", {
        json: { email: MEMBER.email, password: `guess ${i}` },
        headers: { "x-forwarded-for": address },
      });
    }
    const response = await stack.call("POST", "/api/auth/sign-in", {
      json: MEMBER,
      headers: { "x-forwarded-for": address },
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(800);
    // Another address is not held back by that one's failures.
    await signIn(MEMBER, "10.0.0.67");
  });

  test("a session works, names its member, and a tampered one does not", async () => {
    const cookie = await signIn(ADMIN);
    const session = await stack.callJson("GET", "/api/auth/session", { headers: { cookie } });
    expect(session.body).toMatchObject({
      authEnabled: true,
      member: { email: ADMIN.email, name: "Ada", role: "admin" },
    });
    const account = await stack.call("GET", "/api/account", { headers: { cookie } });
    expect(account.status).toBe(200);

    const tampered = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await stack.call("GET", "/api/account", { headers: { cookie: tampered } })).status).toBe(401);
  });

  test("sign-out clears the cookie", async () => {
    const response = await stack.call("POST", "/api/auth/sign-out");
    expect(response.headers.get("set-cookie")).toBe("rd_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  });
});

describe("requests from other sites", () => {
  test("a cross-origin POST with a member's cookie is refused before anything is created", async () => {
    const cookie = await signIn(ADMIN);
    const before = (await stack.simStats()).creates.total;
    const forged: Record<string, string>[] = [
      { cookie, origin: "https://evil.example" },
      { cookie, "sec-fetch-site": "cross-site" },
      { cookie, origin: "null" },
    ];
    for (const headers of forged) {
      const response = await stack.callJson("POST", "/api/renders", {
        json: { kind: "image", prompt: "forged" },
        headers,
      });
      expect(response).toMatchObject({
        status: 403,
        body: { error: { code: "forbidden", message: "Cross-origin requests are refused." } },
      });
    }
    expect((await stack.simStats()).creates.total).toBe(before);
    const sameOrigin = await stack.call("POST", "/api/renders", {
      json: { kind: "image", prompt: "same site" },
      headers: { cookie, origin: "http://dashboard.test", "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(202);
  });
});

describe("roles, who ran what, caps", () => {
  test("a member cannot use admin routes", async () => {
    const cookie = await signIn(MEMBER, "10.0.1.1");
    const response = await stack.callJson("GET", "/api/members", { headers: { cookie } });
    expect(response).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden", message: "Only a team admin can do this." } },
    });
  });

  test("renders and uploads record who made them; the gallery filters by member", async () => {
    const cookie = await signIn(MEMBER, "10.0.1.2");
    const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
      json: { kind: "image", prompt: "grace's render" },
      headers: { cookie },
    });
    expect(created.body.renders[0]?.member).toEqual({ id: memberId, name: "Grace" });
    const mine = await stack.callJson<{ items: LedgerRender[] }>("GET", `/api/renders?member=${memberId}`, {
      headers: { cookie },
    });
    expect(mine.body.items.map((r) => r.prompt)).toEqual(["grace's render"]);
  });

  test("a create that would pass the member's monthly cap is refused before reaching the service", async () => {
    const adminCookie = await signIn(ADMIN);
    const capped = await stack.callJson("POST", `/api/members/${memberId}`, {
      json: { monthlyCapCredits: 100 },
      headers: { cookie: adminCookie },
    });
    expect(capped.body).toMatchObject({ monthlyCapCredits: 100, effectiveCapCredits: 100 });

    const cookie = await signIn(MEMBER, "10.0.1.3");
    const video = { kind: "video", prompt: "capped", model: "kling", durationSeconds: 5, resolution: "720p" };
    // 50 credits each: the first two fit in 100, the third would pass it.
    for (let i = 0; i < 2; i++) {
      expect((await stack.call("POST", "/api/renders", { json: video, headers: { cookie } })).status).toBe(
        202,
      );
    }
    const before = (await stack.simStats()).creates.total;
    const refused = await stack.callJson("POST", "/api/renders", { json: video, headers: { cookie } });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error: {
          code: "member_cap_reached",
          message:
            "This render (about 50 credits) would pass your monthly cap: 100 of 100 credits spent. Ask a team admin to raise it.",
        },
      },
    });
    expect((await stack.simStats()).creates.total).toBe(before);
    const session = await stack.callJson("GET", "/api/auth/session", { headers: { cookie } });
    expect(session.body).toMatchObject({ member: { spentThisMonth: 100, effectiveCapCredits: 100 } });
    await updateMember(await getDb(stack.databaseUrl), memberId, { monthlyCapCredits: null });
  });
});

/**
 * Team access with sign-in on: no route without a session (every route under app/api, found on
 * disk), signed cookies, sign-in throttling, cross-site refusal, admin-only routes, who ran what,
 * and member credit caps enforced before anything reaches the service.
 */
import { randomBytes, scryptSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LedgerRender } from "@/lib/contract";
import { findMemberRowByEmail, setPasswordHash, updateMember } from "@/lib/server/ledger/members";
import { addMember } from "@/lib/server/team/members";
import { getDb } from "@/lib/server/db/database";
import { HTTP_METHODS, apiRoutes, startStack, type Stack } from "@/test/server-stack";

let stack: Stack;
const ADMIN = { email: "ada@example.com", password: "correct horse battery" };
const MEMBER = { email: "grace@example.com", password: "another long secret" };
/** Members whose sign-in the throttle tests hold back, so the other tests' members stay usable. */
const TARGET = { email: "linus@example.com", password: "a third long secret" };
const OTHER = { email: "margaret@example.com", password: "a fourth long secret" };
let memberId = "";

/** Routes anyone may call: the sign-in flow, the readiness probe and the API's own description. */
const PUBLIC = new Set([
  "GET /api/openapi.json",
  "POST /api/auth/sign-in",
  "POST /api/auth/sign-out",
  "POST /api/auth/join",
  "POST /api/auth/reset-password",
  "GET /api/auth/session",
  "GET /api/auth/oidc/start",
  "GET /api/auth/oidc/callback",
  "GET /api/health",
  // Its signed token is the caller's proof: a mail's unsubscribe link works signed out.
  "POST /api/notifications/unsubscribe",
  // A guest's comments through a share link that takes them: the link's token is the proof.
  "GET /api/shares/[id]/comments",
  "POST /api/shares/[id]/comments",
]);

beforeAll(async () => {
  // One trusted proxy: the rightmost X-Forwarded-For entry is the client's address.
  stack = await startStack({
    env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-1234", TRUSTED_PROXY_HOPS: "1" },
  });
  const db = await getDb(stack.databaseUrl);
  await addMember(db, { ...ADMIN, name: "Ada", role: "admin" });
  memberId = (await addMember(db, { ...MEMBER, name: "Grace", role: "member" })).id;
  await addMember(db, { ...TARGET, name: "Linus", role: "member" });
  await addMember(db, { ...OTHER, name: "Margaret", role: "member" });
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
const notAToken = { error: { code: "unauthenticated", message: "This API token is not valid." } };

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
        const attempts: [Record<string, string>, object][] = [
          [{}, unauthenticated],
          [
            { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
            unauthenticated,
          ],
          [{ cookie: "rd_session=eyJ0YW1wZXJlZCI6dHJ1ZX0.c2lnbmF0dXJl" }, unauthenticated],
          // A bearer header is an API token, judged as one. Each from its own address: wrong tokens
          // count in the sign-in throttle.
          [
            { authorization: "Bearer rs_live_demo_team_1", "x-forwarded-for": `10.7.0.${checked % 250}` },
            notAToken,
          ],
        ];
        for (const [headers, refusal] of attempts) {
          const body = method === "GET" ? {} : { json: {} };
          const response = await stack.callJson(method, path, { headers, ...body });
          expect(response, `${method} ${path} ${JSON.stringify(headers)}`).toMatchObject({
            status: 401,
            body: refusal,
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

  test("20 wrong passwords for one email, each from another X-Forwarded-For: 429 by the 6th", async () => {
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 20; i++) {
      // A forged leftmost entry and a new rightmost one each time: a fresh address for every try.
      const response = await stack.call("POST", "/api/auth/sign-in", {
        json: { email: i % 2 ? TARGET.email : TARGET.email.toUpperCase(), password: `guess ${i}` },
        headers: { "x-forwarded-for": `198.51.100.${i}, 10.9.${i}.1` },
      });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = Number(response.headers.get("retry-after"));
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(15).fill(429));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The right password is refused while throttled, from any address.
    const right = await stack.callJson("POST", "/api/auth/sign-in", {
      json: TARGET,
      headers: { "x-forwarded-for": "10.9.200.1" },
    });
    expect(right).toMatchObject({
      status: 429,
      body: {
        error: { code: "rate_limited", message: "Too many failed sign-ins. Wait before trying again." },
      },
    });
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/);

    // Another email is not held back, even from an address that took part.
    await signIn(OTHER, "10.9.3.1");
  });

  test("15 wrong passwords for one email sent at once: 5 are checked, 10 answer 429", async () => {
    const email = "sent-at-once@example.com";
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        stack.call("POST", "/api/auth/sign-in", {
          json: { email, password: `guess ${i}` },
          headers: { "x-forwarded-for": `10.7.${i}.1` },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(10).fill(429)]);
  });

  test("one address trying many emails is held back after 20 failures", async () => {
    const address = "10.8.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await stack.call("POST", "/api/auth/sign-in", {
        json: { email: `sprayed-${i}@example.com`, password: "Winter2026!" },
        headers: { "x-forwarded-for": address },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    // Another address is not.
    await signIn(ADMIN, "10.8.0.2");
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

describe("over HTTPS", () => {
  const https = { "x-forwarded-for": "10.0.2.1", "x-forwarded-proto": "https" };

  test("the session cookie is Secure with the __Host- prefix, and works under that name", async () => {
    const response = await stack.call("POST", "/api/auth/sign-in", { json: ADMIN, headers: https });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(
      /^__Host-rd_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800; Secure$/,
    );
    expect(setCookie).not.toMatch(/Domain=/i);
    const cookie = setCookie.split(";")[0] ?? "";
    const session = await stack.callJson("GET", "/api/auth/session", { headers: { cookie } });
    expect(session.body).toMatchObject({ member: { email: ADMIN.email } });
  });

  test("a __Host- cookie wins over a plain one sent beside it, even when it is not valid", async () => {
    const plain = await signIn(ADMIN, "10.0.2.2");
    const both = `__Host-rd_session=eyJ0YW1wZXJlZCI6dHJ1ZX0.c2lnbmF0dXJl; ${plain}`;
    expect((await stack.call("GET", "/api/account", { headers: { cookie: plain } })).status).toBe(200);
    expect((await stack.call("GET", "/api/account", { headers: { cookie: both } })).status).toBe(401);
  });

  test("a plain-http hop behind the trusted proxy keeps the plain cookie", async () => {
    const response = await stack.call("POST", "/api/auth/sign-in", {
      json: ADMIN,
      headers: { "x-forwarded-for": "10.0.2.3", "x-forwarded-proto": "https, http" },
    });
    expect(response.headers.get("set-cookie")).toMatch(/^rd_session=[^;]+;.*Max-Age=604800$/);
  });

  test("sign-out clears both names", async () => {
    const response = await stack.call("POST", "/api/auth/sign-out", { headers: https });
    expect(response.headers.getSetCookie()).toEqual([
      "__Host-rd_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
      "rd_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    ]);
  });
});

describe("password hashes", () => {
  test("new hashes are scrypt at N = 2^PASSWORD_HASH_COST with their parameters stored", async () => {
    const row = await findMemberRowByEmail(await getDb(stack.databaseUrl), ADMIN.email);
    const N = 2 ** Number(process.env.PASSWORD_HASH_COST);
    expect(row?.password_hash).toMatch(new RegExp(`^scrypt\\$${N}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`));
  });

  test("a hash made at another cost (N = 2^15) still verifies and is rewritten at today's at sign-in", async () => {
    const db = await getDb(stack.databaseUrl);
    const member = await addMember(db, {
      email: "older@example.com",
      password: "an older long password",
      name: "Older",
      role: "member",
    });
    // Made as the dashboard made every hash before the cost was raised.
    const salt = randomBytes(16);
    const key = scryptSync("an older long password", salt, 32, {
      N: 2 ** 15,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    const older = ["scrypt", 2 ** 15, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    await setPasswordHash(db, member.id, older);

    await signIn({ email: "older@example.com", password: "an older long password" }, "10.0.3.1");
    const upgraded = (await findMemberRowByEmail(db, "older@example.com"))?.password_hash ?? "";
    expect(upgraded).toMatch(
      new RegExp(`^scrypt\\$${2 ** Number(process.env.PASSWORD_HASH_COST)}\\$8\\$1\\$`),
    );
    expect(upgraded).not.toBe(older);
    // The new hash verifies too, and is kept as it is.
    await signIn({ email: "older@example.com", password: "an older long password" }, "10.0.3.1");
    expect((await findMemberRowByEmail(db, "older@example.com"))?.password_hash).toBe(upgraded);
  });
});

describe("GET /api/health with sign-in on", () => {
  test("without a session, or as a member: the status alone", async () => {
    const member = await signIn(MEMBER, "10.0.4.1");
    const callers: Record<string, string>[] = [{}, { cookie: member }];
    for (const headers of callers) {
      const response = await stack.callJson("GET", "/api/health", { headers });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: "ok" });
    }
  });

  test("as an admin: the ledger, the scheduler and the service", async () => {
    const cookie = await signIn(ADMIN, "10.0.4.2");
    const response = await stack.callJson("GET", "/api/health", { headers: { cookie } });
    expect(response).toMatchObject({
      status: 200,
      body: {
        status: "ok",
        ok: true,
        database: { ok: true },
        scheduler: { running: true, budgetPerMinute: 50 },
        upstream: { reachable: true },
      },
    });
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

describe("a write signed by a session cookie shows it comes from the dashboard's pages", () => {
  const SAME = "http://dashboard.test";
  const ELSEWHERE = "https://evil.example";
  const crossOrigin = { error: { code: "forbidden", message: "Cross-origin requests are refused." } };
  const noProof = {
    error: {
      code: "forbidden",
      message:
        "A change made with a session cookie must come from the dashboard's pages (an Origin or Referer header naming it). Scripts use an API token.",
    },
  };
  const started = { status: 202 };
  const refused = (body: object) => ({ status: 403, body });
  /** Each combination of the headers that say where a write comes from, and its answer. */
  const cases: [string, Record<string, string>, { status: number; body?: object }][] = [
    ["a same-origin Origin", { origin: SAME }, started],
    [
      "a same-origin Origin and Sec-Fetch-Site same-origin",
      { origin: SAME, "sec-fetch-site": "same-origin" },
      started,
    ],
    ["another site's Origin", { origin: ELSEWHERE }, refused(crossOrigin)],
    ["Origin null", { origin: "null" }, refused(crossOrigin)],
    [
      "another site's Origin with a same-origin Referer",
      { origin: ELSEWHERE, referer: `${SAME}/` },
      refused(crossOrigin),
    ],
    [
      "a same-origin Origin with Sec-Fetch-Site cross-site",
      { origin: SAME, "sec-fetch-site": "cross-site" },
      refused(crossOrigin),
    ],
    ["no Origin, Sec-Fetch-Site same-origin", { "sec-fetch-site": "same-origin" }, started],
    ["no Origin, Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }, started],
    ["no Origin, Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }, refused(crossOrigin)],
    ["no Origin, Sec-Fetch-Site none", { "sec-fetch-site": "none" }, refused(noProof)],
    ["no Origin, a same-origin Referer", { referer: `${SAME}/renders?kind=video` }, started],
    [
      "no Origin, Sec-Fetch-Site none and a same-origin Referer",
      { "sec-fetch-site": "none", referer: `${SAME}/` },
      started,
    ],
    ["no Origin, another site's Referer", { referer: `${ELSEWHERE}/page` }, refused(crossOrigin)],
    ["no Origin, a Referer that is no URL", { referer: "dashboard.test" }, refused(noProof)],
    ["no Origin, no Sec-Fetch-Site, no Referer", {}, refused(noProof)],
  ];

  test.each(cases)("%s", async (_, headers, expected) => {
    const cookie = await signIn(ADMIN, "10.0.5.1");
    const before = (await stack.simStats()).creates.total;
    const response = await stack.callJson("POST", "/api/renders", {
      json: { kind: "image", prompt: "where from" },
      headers: { cookie, ...headers },
      origin: false,
    });
    expect(response.status).toBe(expected.status);
    // A refusal's whole body.
    if (expected.body) expect(response.body).toEqual(expected.body);
    // A refused write never reaches the service.
    expect((await stack.simStats()).creates.total - before).toBe(expected.status === 202 ? 1 : 0);
  });

  test("reads need no proof, and a bearer token is judged by itself, whatever the headers", async () => {
    const cookie = await signIn(ADMIN, "10.0.5.2");
    const read = await stack.call("GET", "/api/renders", { headers: { cookie } });
    expect(read.status).toBe(200);
    const made = await stack.callJson<{ secret: string }>("POST", "/api/tokens", {
      json: { name: "origin check", scope: "read_and_create" },
      headers: { cookie },
    });
    expect(made.status).toBe(201);
    const bearer = { authorization: `Bearer ${made.body.secret}`, "x-forwarded-for": "10.0.5.3" };
    const others: Record<string, string>[] = [
      {},
      { origin: ELSEWHERE },
      { referer: `${ELSEWHERE}/` },
      { cookie },
    ];
    for (const headers of others) {
      const response = await stack.call("POST", "/api/renders", {
        json: { kind: "image", prompt: "from a script" },
        headers: { ...bearer, ...headers },
        origin: false,
      });
      expect(response.status, JSON.stringify(headers)).toBe(202);
    }
  });

  test("a write with no session cookie is judged by its session alone, as before", async () => {
    // Sign-in itself carries no cookie: a script may sign in without an Origin.
    const response = await stack.call("POST", "/api/auth/sign-in", {
      json: MEMBER,
      headers: { "x-forwarded-for": "10.0.5.4" },
      origin: false,
    });
    expect(response.status).toBe(200);
    const anonymous = await stack.callJson("POST", "/api/renders", {
      json: { kind: "image", prompt: "nobody" },
      origin: false,
    });
    expect(anonymous).toMatchObject({ status: 401, body: unauthenticated });
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

  test("every member can list the team's names, and nothing more of them", async () => {
    const cookie = await signIn(MEMBER, "10.0.1.3");
    const names = await stack.callJson<{ items: object[] }>("GET", "/api/members/names", {
      headers: { cookie },
    });
    expect(names.status).toBe(200);
    const db = await getDb(stack.databaseUrl);
    const members = await db.selectFrom("members").select(["id", "name"]).orderBy("name").execute();
    expect(names.body.items).toEqual(members);
    expect(names.body.items.map((m) => Object.keys(m).sort())).toEqual(members.map(() => ["id", "name"]));
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

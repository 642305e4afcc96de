/**
 * The production server itself (`next start` on the build in .next), for what the in-process stack
 * cannot show: Next's own decoding of dynamic segments, the proxy's page headers, and start-up
 * refusing a malformed setting. Run `npx next build` first; without a build these tests are skipped
 * (with a warning), since building takes minutes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { closeDb, getDb } from "@/lib/server/db";
import { addMember } from "@/lib/server/team/members";
import { startSimulator, type RunningSimulator } from "@/simulator/server";
import { TEAM_KEY } from "@/test/server-stack";

const ROOT = path.join(import.meta.dirname, "..", "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const BUILT = existsSync(path.join(ROOT, ".next", "BUILD_ID"));
if (!BUILT)
  console.warn("test/server/production.test.ts skipped: no production build (run `npx next build`).");

const ADMIN = { email: "ada@example.com", password: "correct horse battery" };
const AUTH_SECRET = "a-production-test-secret-of-32-chars+";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface NextServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `next start` with these settings on top of the test process's environment. */
async function startNext(env: Record<string, string | undefined>): Promise<NextServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [NEXT_BIN, "start", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, process: child, output: () => output, exited };
}

/** Waits until the server answers `/api/health` (any status), or returns the exit code if it stops first. */
async function answers(server: NextServer, timeoutMs = 60_000): Promise<"up" | { exitCode: number | null }> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitCode !== undefined) return { exitCode };
    try {
      await fetch(`${server.url}/api/health`);
      return "up";
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`next start did not come up:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(server: NextServer | undefined) {
  if (!server || server.process.exitCode !== null) return;
  server.process.kill("SIGTERM");
  await server.exited;
}

describe.skipIf(!BUILT)("the production server", () => {
  let simulator: RunningSimulator;
  let server: NextServer | undefined;
  let env: Record<string, string>;
  let adminCookie = "";

  beforeAll(async () => {
    simulator = await startSimulator({ port: 0, timeScale: 0.01 });
    const databaseUrl = `file:${path.join(mkdtempSync(path.join(tmpdir(), "ledger-")), "dashboard.db")}`;
    const db = await getDb(databaseUrl);
    await addMember(db, { ...ADMIN, name: "Ada", role: "admin" });
    await closeDb(databaseUrl);
    env = {
      RENDER_API_BASE_URL: simulator.url,
      RENDER_API_KEY: TEAM_KEY,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET,
      // One proxy in front (as the tests' requests claim): its X-Forwarded-* entries are trusted.
      TRUSTED_PROXY_HOPS: "1",
    };
    server = await startNext(env);
    expect(await answers(server)).toBe("up");
    const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.1.0.1" },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    adminCookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }, 90_000);

  afterAll(async () => {
    await stop(server);
    await simulator?.close();
  });

  const callers = () =>
    [
      ["without a session", {}],
      ["signed in as an admin", { cookie: adminCookie }],
    ] as const;

  describe("a malformed percent-escape in a dynamic segment is never a 5xx", () => {
    test.each([
      "/api/renders/%",
      "/api/renders/%ZZ",
      "/api/renders/%FF",
      "/api/renders/%E2%82",
      "/api/members/%E2%82",
    ])("%s: 400 in the one error shape", async (pathname) => {
      for (const [who, headers] of callers()) {
        const response = await fetch(`${server!.url}${pathname}`, { headers });
        expect(response.status, `${pathname} ${who}`).toBe(400);
        expect(await response.json()).toEqual({
          error: { code: "invalid_request", message: "The address has a malformed percent-escape." },
        });
      }
    });

    test.each(["/renders/%", "/renders/%ZZ", "/renders/%FF", "/renders/%E2%82"])(
      "%s: the not-found page",
      async (pathname) => {
        for (const [who, headers] of callers()) {
          const response = await fetch(`${server!.url}${pathname}`, { headers, redirect: "manual" });
          expect(response.status, `${pathname} ${who}`).toBe(404);
          expect(response.headers.get("content-type")).toMatch(/^text\/html/);
          expect(await response.text()).toContain("There is no render or page at this address.");
        }
      },
    );

    test("a well-formed escape still reaches the route", async () => {
      const response = await fetch(`${server!.url}/api/renders/rnd_%41bc`, {
        headers: { cookie: adminCookie },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    });
  });

  describe("HTTPS", () => {
    test("pages reached over HTTPS carry Strict-Transport-Security; plain http does not", async () => {
      const secure = await fetch(`${server!.url}/sign-in`, { headers: { "x-forwarded-proto": "https" } });
      expect(secure.status).toBe(200);
      expect(secure.headers.get("strict-transport-security")).toBe("max-age=63072000");
      const plain = await fetch(`${server!.url}/sign-in`);
      expect(plain.status).toBe(200);
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    });

    test("sign-in over HTTPS sets a __Host- Secure cookie that the pages and routes accept", async () => {
      const response = await fetch(`${server!.url}/api/auth/sign-in`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": "10.1.0.2",
          "x-forwarded-proto": "https",
        },
        body: JSON.stringify(ADMIN),
      });
      const setCookie = response.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(
        /^__Host-rd_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
      );
      const cookie = setCookie.split(";")[0] ?? "";
      const session = await fetch(`${server!.url}/api/auth/session`, { headers: { cookie } });
      expect(await session.json()).toMatchObject({ member: { email: ADMIN.email } });
      const page = await fetch(`${server!.url}/team`, { headers: { cookie }, redirect: "manual" });
      expect(page.status).toBe(200);
    });

    test("plain http on localhost keeps the plain cookie", () => {
      expect(adminCookie).toMatch(/^rd_session=/);
    });
  });

  test("GET /api/health without a session answers its status alone", async () => {
    const response = await fetch(`${server!.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  describe("start-up", () => {
    test.each([
      [
        "RENDER_POLL_BUDGET_PER_MIN",
        "abc",
        'Invalid configuration: RENDER_POLL_BUDGET_PER_MIN must be a whole number above 0 (got "abc")',
      ],
      [
        "MEDIA_ORIGINS",
        "https://cdn.example/media",
        'Invalid configuration: MEDIA_ORIGINS must be comma-separated http(s) origins such as https://cdn.example.com (no path) (got "https://cdn.example/media")',
      ],
    ])("%s=%s: the server refuses to start, with one line naming it", async (name, value, line) => {
      const refused = await startNext({ ...env, [name]: value });
      try {
        expect(await answers(refused)).toEqual({ exitCode: 1 });
        expect(refused.output().split("\n")).toContain(line);
      } finally {
        await stop(refused);
      }
    });

    test("without RENDER_API_KEY the server still starts and says it is not configured", async () => {
      const unconfigured = await startNext({ ...env, RENDER_API_KEY: undefined, AUTH_SECRET: undefined });
      try {
        expect(await answers(unconfigured)).toBe("up");
        const health = await fetch(`${unconfigured.url}/api/health`);
        // Not ready; the body is the route wrapper's `not_configured` error or `{ status }`.
        expect(health.status).toBe(503);
        expect(unconfigured.output()).toContain(
          "[config] Not configured: set RENDER_API_BASE_URL and RENDER_API_KEY, then restart.",
        );
      } finally {
        await stop(unconfigured);
      }
    });
  });
});

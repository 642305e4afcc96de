/**
 * The production server itself (`next start` on the build Playwright made), for what the in-process
 * stack of the unit tests cannot show: Next's own decoding of dynamic segments, the proxy's page
 * headers and the `__Host-` cookie over HTTPS, public health, and start-up refusing a malformed
 * setting or starting without a key. One server, with sign-in on and one admin, serves most tests;
 * the start-up tests each start their own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startSimulator, type RunningSimulator } from "@/simulator/server";
import { SseReader } from "@/test/sse-reader";
import { E2E_PORTS } from "./ports";

const ROOT = path.join(import.meta.dirname, "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
/** The shared server, then the start-up tests' servers (a refused one never listens; one at a time). */
const APP_PORT = E2E_PORTS.production;
const REFUSED_PORT = E2E_PORTS.productionRefused;
const UNCONFIGURED_PORT = E2E_PORTS.productionUnconfigured;
const DATA_DIR = path.join(ROOT, "data", "e2e-production");
const DATABASE_URL = `file:${path.join(DATA_DIR, "dashboard.db")}`;
const TEAM_KEY = "rs_live_demo_team_1";
const ADMIN = { email: "ada@example.com", password: "correct horse battery" };
const AUTH_SECRET = "a-production-test-secret-of-32-chars+";

interface NextServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function isListening(url: string): Promise<boolean> {
  return fetch(url).then(
    () => true,
    () => false,
  );
}

/** `next start` on `port` with these settings on top of the test process's environment. */
async function startNext(port: number, env: Record<string, string>): Promise<NextServer> {
  const url = `http://127.0.0.1:${port}`;
  // A server left over on the port would answer in this one's place.
  expect(await isListening(url), `port ${port} is already in use`).toBe(false);
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
  return { url, process: child, output: () => output, exited };
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

/** Stops the server and waits until it has exited, so its port is free for the next one. */
async function stop(server: NextServer | undefined): Promise<void> {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill("SIGTERM");
  const killLater = setTimeout(() => server.process.kill("SIGKILL"), 5_000);
  await server.exited;
  clearTimeout(killLater);
}

/** Adds a member with the CLI an admin uses (the ledger's modules are server-only). */
async function addAdmin(): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "scripts/user-add.ts",
      "--email",
      ADMIN.email,
      "--name",
      "Ada",
      "--role",
      "admin",
      "--password-stdin",
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL }, stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdin?.end(`${ADMIN.password}\n`);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code, `user:add failed:\n${output}`).toBe(0);
}

/**
 * Opens a POST that announces more body than it sends, as a page of the dashboard would (its Origin,
 * so the route reads the body); the returned function drops the connection, as a browser closed or
 * gone offline mid-request does.
 */
async function startHalfABody(url: string, cookie: string): Promise<() => void> {
  const { host, hostname, port, origin, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, "connect");
  const head = [
    `POST ${pathname} HTTP/1.1`,
    `Host: ${host}`,
    `Origin: ${origin}`,
    "Content-Type: application/json",
    "Content-Length: 4096",
    `Cookie: ${cookie}`,
    "",
    "",
  ].join("\r\n");
  socket.write(`${head}{"kind":"image","prompt":"cut short`);
  return () => socket.destroy();
}

let simulator: RunningSimulator | undefined;
/** The settings every server here starts from. */
let env: Record<string, string> = {};

test.beforeAll(async () => {
  simulator = await startSimulator({ port: 0, timeScale: 0.01 });
  env = {
    RENDER_API_BASE_URL: simulator.url,
    RENDER_API_KEY: TEAM_KEY,
    DATABASE_URL,
    AUTH_SECRET,
    // One proxy in front (as the tests' requests claim): its X-Forwarded-* entries are trusted.
    TRUSTED_PROXY_HOPS: "1",
  };
});

test.afterAll(async () => {
  await simulator?.close();
});

test.describe("the production server", () => {
  let server: NextServer | undefined;
  let adminCookie = "";

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    rmSync(DATA_DIR, { recursive: true, force: true });
    await addAdmin();
    server = await startNext(APP_PORT, env);
    expect(await answers(server)).toBe("up");
    const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.1.0.1" },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    adminCookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  });

  // Hooks run even when a test or the hook above times out.
  test.afterAll(async () => {
    await stop(server);
  });

  const callers = () =>
    [
      ["without a session", {}],
      ["signed in as an admin", { cookie: adminCookie }],
    ] as const;

  test.describe("a malformed percent-escape in a dynamic segment is never a 5xx", () => {
    for (const pathname of [
      "/api/renders/%",
      "/api/renders/%ZZ",
      "/api/renders/%FF",
      "/api/renders/%E2%82",
      "/api/members/%E2%82",
    ]) {
      test(`${pathname}: 400 in the one error shape`, async () => {
        for (const [who, headers] of callers()) {
          const response = await fetch(`${server!.url}${pathname}`, { headers });
          expect(response.status, `${pathname} ${who}`).toBe(400);
          expect(await response.json()).toEqual({
            error: { code: "invalid_request", message: "The address has a malformed percent-escape." },
          });
        }
      });
    }

    for (const pathname of ["/renders/%", "/renders/%ZZ", "/renders/%FF", "/renders/%E2%82"]) {
      test(`${pathname}: the not-found page`, async () => {
        for (const [who, headers] of callers()) {
          const response = await fetch(`${server!.url}${pathname}`, { headers, redirect: "manual" });
          expect(response.status, `${pathname} ${who}`).toBe(404);
          expect(response.headers.get("content-type")).toMatch(/^text\/html/);
          expect(await response.text()).toContain("There is no render or page at this address.");
        }
      });
    }

    test("a well-formed escape still reaches the route", async () => {
      const response = await fetch(`${server!.url}/api/renders/rnd_%41bc`, {
        headers: { cookie: adminCookie },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    });
  });

  test.describe("HTTPS", () => {
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

  test("a client that goes away halfway through a request body leaves nothing in the server's log", async () => {
    const logged = server!.output().length;
    const health = async () => expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
    const drop = await startHalfABody(`${server!.url}/api/renders`, adminCookie);
    // A request answered after the half body was sent: the server has begun reading it.
    await health();
    drop();
    // And one answered after the drop: whatever the drop prints is in the log by now.
    await health();
    expect(server!.output().slice(logged)).not.toMatch(/aborted|uncaughtException|ECONNRESET/);
  });

  test("/api/docs, a page under /api/, carries the pages' Content-Security-Policy", async () => {
    const response = await fetch(`${server!.url}/api/docs`, { headers: { cookie: adminCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  test("GET /api/health without a session answers its status alone", async () => {
    const response = await fetch(`${server!.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

test.describe("start-up", () => {
  let started: NextServer | undefined;

  test.afterEach(async () => {
    await stop(started);
    started = undefined;
  });

  for (const [name, value, line] of [
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
  ] as const) {
    test(`${name}=${value}: the server refuses to start, with one line naming it`, async () => {
      const refused = (started = await startNext(REFUSED_PORT, { ...env, [name]: value }));
      expect(await answers(refused)).toEqual({ exitCode: 1 });
      expect(refused.output().split("\n")).toContain(line);
    });
  }

  test("SIGTERM with a live event stream open: the stream ends cleanly and the server exits", async () => {
    // `next start` waits for open responses before it exits; a live stream never ends on its own.
    const server = (started = await startNext(UNCONFIGURED_PORT, { ...env, AUTH_SECRET: "" }));
    expect(await answers(server)).toBe("up");
    const response = await fetch(`${server.url}/api/events`);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const stream = new SseReader(response.body as ReadableStream<Uint8Array>);
    expect(JSON.parse((await stream.next())?.data ?? "")).toMatchObject({ type: "hello" });
    server.process.kill("SIGTERM");
    // The end of the stream, not a dropped connection, then the process's own exit.
    expect(await stream.next()).toBeNull();
    expect(await server.exited).not.toBeNull();
  });

  test("without RENDER_API_KEY the server still starts and says it is not configured", async () => {
    // Empty counts as unset, and unlike a missing variable it keeps a developer's .env.local out.
    const unconfigured = (started = await startNext(UNCONFIGURED_PORT, {
      ...env,
      RENDER_API_KEY: "",
      AUTH_SECRET: "",
    }));
    expect(await answers(unconfigured)).toBe("up");
    const health = await fetch(`${unconfigured.url}/api/health`);
    // Not ready: every route answers the one error shape saying so, health included.
    expect(health.status).toBe(503);
    expect(((await health.json()) as { error: { code: string } }).error.code).toBe("not_configured");
    // Only what is missing is named: the base URL is set.
    expect(unconfigured.output()).toContain("[config] Not configured: set RENDER_API_KEY, then restart.");
  });
});

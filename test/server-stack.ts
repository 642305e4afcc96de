/**
 * A whole dashboard server for tests: the real simulator over HTTP, a fresh ledger (an SQLite file,
 * or in the `postgres` Vitest project a new database on the run's PostgreSQL server) and the real
 * route handlers, called with real Requests. `restart()` stops the scheduler and closes the database
 * as a process exit would, then serves again from the same ledger.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject, vi } from "vitest";
import { startSimulator, type FaultConfig } from "@/simulator/server";
import { createDatabase } from "./postgres-server";

export const TEAM_KEY = "rs_live_demo_team_1";

export interface StackOptions {
  apiKey?: string;
  timeScale?: number;
  faults?: Partial<FaultConfig>;
  /** Settings for the dashboard; a function gets the simulator's URL, known once it listens. */
  env?: Record<string, string> | ((simulatorUrl: string) => Record<string, string>);
}

/** Route handlers differ in their params type; `never` accepts them all, and the router supplies the right one. */
type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
type RouteModule = Partial<Record<HttpMethod, Handler>>;

export interface ApiRoute {
  /** The route's path with its dynamic segments as written, e.g. `/api/renders/[id]`. */
  path: string;
  pattern: RegExp;
  paramNames: string[];
  load: () => Promise<RouteModule>;
}

const APP_DIR = path.join(import.meta.dirname, "..", "app");

/**
 * Every route handler under app/api, found on disk as Next finds them, and in the order Next tries
 * them: a static segment wins over a dynamic one (`/api/renders/zip` before `/api/renders/[id]`).
 */
export function apiRoutes(): ApiRoute[] {
  const files = readdirSync(path.join(APP_DIR, "api"), { recursive: true, encoding: "utf8" }).filter(
    (f) => path.basename(f) === "route.ts",
  );
  const dynamicSegments = (file: string) => file.split(path.sep).filter((s) => s.startsWith("[")).length;
  files.sort((a, b) => dynamicSegments(a) - dynamicSegments(b));
  return files.map((file) => {
    const segments = path.dirname(file).split(path.sep);
    const paramNames = segments.filter((s) => s.startsWith("[")).map((s) => s.slice(1, -1));
    const pattern = new RegExp(
      `^/api/${segments.map((s) => (s.startsWith("[") ? "([^/?]+)" : s.replace(/[.]/g, "\\."))).join("/")}$`,
    );
    const modulePath = path.join(APP_DIR, "api", file);
    return {
      path: `/api/${segments.join("/")}`,
      pattern,
      paramNames,
      load: () => import(modulePath) as Promise<RouteModule>,
    };
  });
}

export interface CallInit {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Aborts the request as a browser closing the page would. */
  signal?: AbortSignal;
  /**
   * A write carries `Origin: http://dashboard.test`, as a browser on the dashboard's pages sends it,
   * unless its headers name an Origin, a Referer or a Sec-Fetch-Site of their own; `false` sends none.
   */
  origin?: false;
}

const STACK_ORIGIN = "http://dashboard.test";
/** Headers by which a request says where it comes from (lib/server/access/origin.ts). */
const PROVENANCE_HEADERS = ["origin", "referer", "sec-fetch-site"];

/** Which database the tests' ledgers are: set per Vitest project (vitest.config.ts). */
export const LEDGER_DATABASE = process.env.LEDGER_DATABASE === "postgres" ? "postgres" : "sqlite";

/** A fresh, empty ledger's DATABASE_URL. */
export async function newLedgerUrl(): Promise<string> {
  if (LEDGER_DATABASE === "postgres") return createDatabase(inject("postgresUrl"));
  return `file:${path.join(mkdtempSync(path.join(tmpdir(), "ledger-")), "dashboard.db")}`;
}

export async function startStack(options: StackOptions = {}) {
  // Settings and the client are read once per module instance: a new stack gets fresh instances.
  vi.resetModules();
  const simulator = await startSimulator({
    port: 0,
    timeScale: options.timeScale ?? 0.01,
    faults: options.faults,
  });
  const databaseUrl = await newLedgerUrl();
  Object.assign(process.env, {
    RENDER_API_BASE_URL: simulator.url,
    RENDER_API_KEY: options.apiKey ?? TEAM_KEY,
    DATABASE_URL: databaseUrl,
    ACCOUNT_CACHE_SECONDS: "0",
    ...(typeof options.env === "function" ? options.env(simulator.url) : options.env),
  });

  /** Calls a route handler as Next would for `METHOD path`. */
  const routes = apiRoutes();

  async function call(method: HttpMethod, pathWithQuery: string, init: CallInit = {}): Promise<Response> {
    const pathname = pathWithQuery.split("?")[0] ?? "";
    for (const route of routes) {
      const match = pathname.match(route.pattern);
      if (!match) continue;
      const handler = (await route.load())[method];
      if (!handler) return new Response(null, { status: 405 });
      const params = Object.fromEntries(
        route.paramNames.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]),
      );
      const headers = new Headers(init.headers);
      if (method !== "GET" && init.origin !== false && !PROVENANCE_HEADERS.some((name) => headers.has(name)))
        headers.set("origin", STACK_ORIGIN);
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers.set("content-type", "application/json");
      }
      const request = new Request(`${STACK_ORIGIN}${pathWithQuery}`, {
        method,
        headers,
        body,
        signal: init.signal,
        ...(body instanceof ReadableStream && { duplex: "half" }),
      } as RequestInit);
      return handler(request, { params: Promise.resolve(params) as Promise<never> });
    }
    return new Response(null, { status: 404 });
  }

  async function callJson<T = unknown>(method: HttpMethod, p: string, init: CallInit = {}) {
    const response = await call(method, p, init);
    return { status: response.status, headers: response.headers, body: (await response.json()) as T };
  }

  /**
   * The simulator's own counters. A read, so it is asked again when the connection it was sent on
   * fails (a kept-alive socket the simulator closed as it was reused: ECONNRESET on a busy machine).
   */
  async function simStats(): Promise<SimulatorStats> {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await (await fetch(`${simulator.url}/__sim/stats`)).json()) as SimulatorStats;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }

  async function setFaults(faults: Partial<FaultConfig>) {
    await fetch(`${simulator.url}/__sim/faults`, { method: "PUT", body: JSON.stringify(faults) });
  }

  async function stopServer() {
    const { stopScheduler } = await import("@/lib/server/scheduler/process-scheduler");
    const { stopRunRunner } = await import("@/lib/server/runs/service");
    const { stopEventHub } = await import("@/lib/server/events/live-events");
    const { closeDb } = await import("@/lib/server/db/database");
    const { invalidateAccount } = await import("@/lib/server/account/cached-account");
    await stopEventHub();
    await stopRunRunner();
    await stopScheduler();
    // A restart is a new process: a new member of the deployment, with a new id.
    const { leaveCluster } = await import("@/lib/server/cluster/process-member");
    await leaveCluster();
    await closeDb(databaseUrl);
    invalidateAccount();
  }

  /** Stops and starts the server part as a restart would; the ledger file stays. */
  async function restart() {
    await stopServer();
    const { getRunRunner } = await import("@/lib/server/runs/service");
    await getRunRunner();
  }

  async function close() {
    await stopServer();
    await simulator.close();
  }

  const { getScheduler } = await import("@/lib/server/scheduler/process-scheduler");
  await getScheduler();
  return { simulator, databaseUrl, call, callJson, simStats, setFaults, restart, close };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

export interface TestMember {
  email: string;
  password: string;
  name: string;
  role: "admin" | "member";
}

/** A team for tests with sign-in on: an admin and two members. */
export const TEST_TEAM = {
  ada: { email: "ada@example.com", password: "correct horse battery", name: "Ada", role: "admin" },
  grace: { email: "grace@example.com", password: "another long secret", name: "Grace", role: "member" },
  linus: { email: "linus@example.com", password: "a third long secret", name: "Linus", role: "member" },
} as const satisfies Record<string, TestMember>;

/**
 * Adds the members (the test team by default) to a stack started with sign-in on and signs each in
 * through the route: their ids and session cookies, by name.
 */
export async function signedInMembers(
  stack: Stack,
  members: readonly TestMember[] = Object.values(TEST_TEAM),
): Promise<{ ids: Record<string, string>; cookies: Record<string, string> }> {
  const { getDb } = await import("@/lib/server/db/database");
  const { addMember } = await import("@/lib/server/team/members");
  const db = await getDb(stack.databaseUrl);
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  for (const member of members) {
    ids[member.name] = (await addMember(db, member)).id;
    const response = await stack.call("POST", "/api/auth/sign-in", {
      json: { email: member.email, password: member.password },
    });
    cookies[member.name] = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }
  return { ids, cookies };
}

export interface SimulatorStats {
  polls: { total: number; rateLimited: number; maxInAnyMinute: number; byRender: Record<string, number> };
  creates: { total: number; accepted: number };
  /** Uploads the service stored. */
  uploads: { total: number };
  renders: {
    id: string;
    kind: string;
    status: string;
    terminalAt: string | null;
    creditsCharged: number;
    creditsRefunded: number;
    /** The reference images it kept, in order: a video's first is its start frame. */
    referenceImageUrlsUsed: string[];
  }[];
}

/** Waits until `check` returns a value other than undefined, polling every `everyMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

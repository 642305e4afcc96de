/** Driving a running dashboard as its browsers do: create renders and wait for them to finish. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import type { RenderRequest } from "@/lib/domain/render-request";

/**
 * Creates one request through `POST /api/renders` under a fresh Idempotency-Key: the service's
 * render ids. Image batches in a burst meet the service's fair-use limit: a 429 created nothing, so
 * it waits as told and sends again.
 */
export async function createRender(
  appUrl: string,
  request: RenderRequest,
  /** A signed-in member's cookie, where sign-in is on. */
  headers: Record<string, string> = {},
): Promise<string[]> {
  const send = () =>
    fetch(`${appUrl}/api/renders`, {
      method: "POST",
      headers: {
        ...headers,
        Origin: appUrl,
        "Content-Type": "application/json",
        "Idempotency-Key": randomUUID(),
      },
      body: JSON.stringify(request),
    });
  let response = await send();
  while (response.status === 429) {
    await sleep(Number(response.headers.get("retry-after") ?? 1) * 1000);
    response = await send();
  }
  const body = (await response.json()) as { ids?: string[] };
  if (response.status !== 202 || !body.ids)
    throw new Error(`create answered ${response.status}: ${JSON.stringify(body)}`);
  return body.ids;
}

/** The renders of these ids in the ledger (at most 100). */
export async function rendersById(
  appUrl: string,
  ids: readonly string[],
  headers: Record<string, string> = {},
): Promise<LedgerRender[]> {
  const response = await fetch(`${appUrl}/api/renders?limit=100&ids=${ids.join(",")}`, { headers });
  if (!response.ok) throw new Error(`GET /api/renders answered ${response.status}`);
  return ((await response.json()) as { items: LedgerRender[] }).items;
}

/** Creates each request through `POST /api/renders` and waits until every render is final. */
export async function createFinishedRenders(
  appUrl: string,
  requests: readonly RenderRequest[],
  timeoutMs = 120_000,
  /** A signed-in member's cookie, where sign-in is on. */
  headers: Record<string, string> = {},
): Promise<LedgerRender[]> {
  const ids: string[] = [];
  for (const request of requests) ids.push(...(await createRender(appUrl, request, headers)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = await rendersById(appUrl, ids, headers);
    if (items.length === ids.length && items.every((r) => isFinalLedgerStatus(r.status))) return items;
    if (Date.now() > deadline) throw new Error(`renders not finished within ${timeoutMs} ms`);
    await sleep(250);
  }
}

const BENCH_PASSWORD = "a long bench password";

export interface BenchMember {
  email: string;
  name: string;
  role: "admin" | "member";
}

/**
 * Adds a member to the dashboard's ledger with the CLI an admin uses (`env`: more settings for it).
 * Waited for without blocking the event loop: the CLI takes seconds under load, longer than the
 * server keeps an idle connection open, and a loop blocked meanwhile never hears a pooled
 * connection close, so the next request went out on it and failed ("other side closed").
 */
export async function addMember(
  databaseUrl: string,
  member: BenchMember,
  env: Record<string, string> = {},
): Promise<void> {
  const cli = spawn(
    "npm",
    [
      "run",
      "-s",
      "user:add",
      "--",
      "--email",
      member.email,
      "--name",
      member.name,
      "--role",
      member.role,
      "--password-stdin",
    ],
    { env: { ...process.env, ...env, DATABASE_URL: databaseUrl }, stdio: ["pipe", "ignore", "inherit"] },
  );
  cli.stdin.end(`${BENCH_PASSWORD}\n`);
  const [code] = (await once(cli, "exit")) as [number | null];
  if (code !== 0) throw new Error(`user:add of ${member.email} failed (exit ${code})`);
}

/** Signs a member added by `addMember` in as a browser does: a new session's cookie. */
export async function signIn(appUrl: string, email: string): Promise<string> {
  const response = await fetch(`${appUrl}/api/auth/sign-in`, {
    method: "POST",
    headers: { Origin: appUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (response.status !== 200 || !cookie) throw new Error(`sign-in answered ${response.status}`);
  return cookie;
}

/**
 * Adds a member to the dashboard's ledger with the CLI an admin uses, signs them in as a browser
 * does, and gives the session's cookie (where sign-in is on).
 */
export async function signedInMember(
  appUrl: string,
  databaseUrl: string,
  member: BenchMember = { email: "bench@example.com", name: "Bench", role: "admin" },
): Promise<{ cookie: string }> {
  await addMember(databaseUrl, member);
  return { cookie: await signIn(appUrl, member.email) };
}

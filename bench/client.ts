/** Driving a running dashboard as its browsers do: create renders and wait for them to finish. */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import type { RenderRequest } from "@/lib/domain/render-request";

/** Creates each request through `POST /api/renders` and waits until every render is final. */
export async function createFinishedRenders(
  appUrl: string,
  requests: readonly RenderRequest[],
  timeoutMs = 120_000,
  /** A signed-in member's cookie, where sign-in is on. */
  headers: Record<string, string> = {},
): Promise<LedgerRender[]> {
  const ids: string[] = [];
  for (const request of requests) {
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
    // Image batches in a burst meet the service's fair-use limit: a 429 created nothing, so wait
    // as told and send again.
    while (response.status === 429) {
      await sleep(Number(response.headers.get("retry-after") ?? 1) * 1000);
      response = await send();
    }
    const body = (await response.json()) as { ids?: string[] };
    if (response.status !== 202 || !body.ids)
      throw new Error(`create answered ${response.status}: ${JSON.stringify(body)}`);
    ids.push(...body.ids);
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${appUrl}/api/renders?limit=100&ids=${ids.join(",")}`, { headers });
    const { items } = (await response.json()) as { items: LedgerRender[] };
    if (items.length === ids.length && items.every((r) => isFinalLedgerStatus(r.status))) return items;
    if (Date.now() > deadline) throw new Error(`renders not finished within ${timeoutMs} ms`);
    await sleep(250);
  }
}

/**
 * Adds a member to the dashboard's ledger with the CLI an admin uses, signs them in as a browser
 * does, and gives the session's cookie (where sign-in is on).
 */
export async function signedInMember(
  appUrl: string,
  databaseUrl: string,
  member = { email: "bench@example.com", name: "Bench", role: "admin" },
): Promise<{ cookie: string }> {
  const password = "a long bench password";
  execFileSync(
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
    {
      input: `${password}\n`,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["pipe", "ignore", "inherit"],
    },
  );
  const response = await fetch(`${appUrl}/api/auth/sign-in`, {
    method: "POST",
    headers: { Origin: appUrl, "Content-Type": "application/json" },
    body: JSON.stringify({ email: member.email, password }),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (response.status !== 200 || !cookie) throw new Error(`sign-in answered ${response.status}`);
  return { cookie };
}

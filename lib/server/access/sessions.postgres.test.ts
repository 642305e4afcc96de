/**
 * Sessions across two processes on one PostgreSQL ledger: this one serving requests (with its cache
 * of sessions warm and an event stream open), another ending the member's sessions. The change
 * nudge reaches this process, which refuses the cookie and closes the stream within 2 s.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { LiveEvent } from "@/lib/contract";
import { SseReader } from "@/test/sse-reader";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, "..", "..", "..");
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-1234" } });
});
afterAll(() => stack.close());

test("sessions ended by another process: refused here, and the open stream closed, within 2 s", async () => {
  const { ids, cookies } = await signedInMembers(stack, [TEST_TEAM.grace]);
  const cookie = cookies.Grace ?? "";
  const sessionsStatus = async () =>
    (await stack.call("GET", "/api/auth/sessions", { headers: { cookie } })).status;
  // This process has read the session (and holds it in its cache) and has a stream open on it.
  expect(await sessionsStatus()).toBe(200);
  const response = await stack.call("GET", "/api/events", { headers: { cookie } });
  const reader = new SseReader(response.body as ReadableStream<Uint8Array>);
  await reader.until<LiveEvent>((e) => e.type === "hello");
  expect(await sessionsStatus()).toBe(200);

  const other = await run(
    path.join(ROOT, "node_modules", ".bin", "tsx"),
    ["--conditions=react-server", path.join(ROOT, "test", "people", "end-sessions.ts"), ids.Grace ?? ""],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: stack.databaseUrl } },
  );
  const endedAt = Date.now();
  expect(JSON.parse(other.stdout)).toEqual({ ended: 1 });

  const closing = reader.until<LiveEvent>((e) => e.type === "signed-out", 2_000);
  await waitFor(async () => ((await sessionsStatus()) === 401 ? true : undefined), 2_000, 20);
  const refusedAfterMs = Date.now() - endedAt;
  expect((await closing).at(-1)).toEqual({ type: "signed-out" });
  const closedAfterMs = Date.now() - endedAt;
  expect(refusedAfterMs).toBeLessThan(2_000);
  expect(closedAfterMs).toBeLessThan(2_000);
  console.info(`refused after ${refusedAfterMs} ms, stream closed after ${closedAfterMs} ms`);
});

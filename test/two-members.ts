/**
 * A stack with sign-in on and two members, Grace and Linus, each signed in: what the tests of
 * per-member state (favourites, ratings and picks) start from.
 */
import { expect } from "vitest";
import { getDb } from "@/lib/server/db/database";
import { addMember } from "@/lib/server/team/members";
import type { LiveEvent } from "@/lib/contract";
import { startStack, type Stack } from "@/test/server-stack";
import { SseReader } from "@/test/sse-reader";

const GRACE = { email: "grace@example.com", password: "a long secret of grace" };
const LINUS = { email: "linus@example.com", password: "a long secret of linus" };

async function signIn(stack: Stack, credentials: { email: string; password: string }): Promise<string> {
  const response = await stack.call("POST", "/api/auth/sign-in", { json: credentials });
  expect(response.status).toBe(200);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** The stack and each member's session cookie. */
export async function startStackWithTwoMembers(): Promise<{ stack: Stack; grace: string; linus: string }> {
  const stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-5678" } });
  const db = await getDb(stack.databaseUrl);
  await addMember(db, { ...GRACE, name: "Grace", role: "member" });
  await addMember(db, { ...LINUS, name: "Linus", role: "member" });
  return { stack, grace: await signIn(stack, GRACE), linus: await signIn(stack, LINUS) };
}

/** A member's event stream, open once its `hello` has arrived; `close` ends it. */
export async function openMemberStream(stack: Stack, cookie: string) {
  const controller = new AbortController();
  const response = await stack.call("GET", "/api/events", { headers: { cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = new SseReader(response.body as ReadableStream<Uint8Array>);
  await reader.until<LiveEvent>((e) => e.type === "hello");
  return { reader, close: () => (controller.abort(), reader.close()) };
}

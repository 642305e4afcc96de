/**
 * The team's chat over the routes, against a local HTTP receiver: an admin picks the kinds it carries
 * and sends a test message; a render failure then arrives with Slack-compatible text and a link to
 * the render, and so do an approval waiting and a review decision, once each; a member may do neither.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { CreateRenderResult, TeamChat } from "@/lib/contract";
import { startReceiver } from "@/test/http-receiver";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";
import { startSender, stopSender } from "@/test/outbox-sender";

const PUBLIC_URL = "http://dashboard.test";
let stack: Stack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let as: Record<string, { cookie: string }> = {};

beforeAll(async () => {
  receiver = await startReceiver(() => 200);
  stack = await startStack({
    env: {
      AUTH_SECRET: "a-test-secret-that-is-long-enough-team-chat",
      ALERT_WEBHOOK_URL: `${receiver.url}/chat`,
      PUBLIC_URL,
    },
  });
  const { cookies } = await signedInMembers(stack, [TEST_TEAM.ada, TEST_TEAM.grace]);
  as = Object.fromEntries(Object.entries(cookies).map(([name, cookie]) => [name, { cookie }]));
});
afterAll(async () => {
  await stopSender();
  await stack.close();
  await receiver.close();
});

const texts = () =>
  receiver.received.map((r) => (JSON.parse(r.body.toString("utf8")) as { text: string }).text);

test("a member can neither choose the chat's kinds nor send to it", async () => {
  expect((await stack.call("GET", "/api/team/chat", { headers: as.Grace })).status).toBe(403);
  expect((await stack.call("POST", "/api/team/chat/test", { headers: as.Grace })).status).toBe(403);
});

test("an admin picks render failures and sends a test message; a failure arrives with the render's link", async () => {
  const saved = await stack.callJson<TeamChat>("PUT", "/api/team/chat", {
    headers: as.Ada,
    json: { kinds: ["render_failed"] },
  });
  expect(saved).toMatchObject({ status: 200, body: { kinds: ["render_failed"], available: true } });

  expect((await stack.call("POST", "/api/team/chat/test", { headers: as.Ada })).status).toBe(200);
  await waitFor(
    async () => (texts().some((t) => t.includes("Ada sent a test message")) ? true : undefined),
    15_000,
  );
  expect(receiver.received[0]!.headers["idempotency-key"]).toMatch(/^chat-test:.+\|chat\|team$/);

  const finished = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    headers: as.Grace,
    json: { kind: "image", prompt: "a lighthouse that finishes" },
  });
  const failed = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    headers: as.Grace,
    json: { kind: "image", prompt: "a doomed lighthouse [fail]" },
  });
  const failedId = failed.body.renders[0]!.id;
  const text = await waitFor(async () => texts().find((t) => t.includes(failedId)), 30_000);
  expect(text).toBe(`Grace's render failed: <${PUBLIC_URL}/renders/${failedId}|a doomed lighthouse [fail]>`);
  await waitFor(async () => {
    const r = await stack.callJson<{ status: string }>(
      "GET",
      `/api/renders/${finished.body.renders[0]!.id}`,
      {
        headers: as.Grace,
      },
    );
    return r.body.status === "ready" ? true : undefined;
  }, 30_000);
  // A finished render is not a kind the chat carries.
  expect(texts().filter((t) => t.includes("finishes"))).toEqual([]);
});

test("an approval waiting and a review decision are posted once each, with Slack's links, when an admin picks them", async () => {
  const saved = await stack.callJson<TeamChat>("PUT", "/api/team/chat", {
    headers: as.Ada,
    json: { kinds: ["approval_waiting", "decision"] },
  });
  expect(saved.body.kinds.toSorted()).toEqual(["approval_waiting", "decision"]);
  const rules = await stack.call("POST", "/api/team", {
    headers: as.Ada,
    json: { approvalAboveCredits: 1, approvalForUnknownCost: true },
  });
  expect(rules.status).toBe(200);
  const held = await stack.callJson<{ state: string }>("POST", "/api/renders", {
    headers: as.Grace,
    json: {
      kind: "video",
      model: "kling",
      resolution: "720p",
      durationSeconds: 5,
      prompt: "a held <harbour> & co",
    },
  });
  expect(held.body.state).toBe("awaiting_approval");
  // The leader's own pass, now rather than at its next poll.
  const pass = async () => (await startSender()).pass();
  const waiting = await waitFor(async () => {
    await pass();
    return texts().find((t) => t.includes("waits for approval"));
  }, 15_000);
  expect(waiting).toBe(
    `Grace's render waits for approval: <${PUBLIC_URL}/approvals|a held &lt;harbour&gt; &amp; co>`,
  );

  const made = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    headers: as.Ada,
    json: { kind: "image", prompt: "a harbour to decide on" },
  });
  const renderId = made.body.renders[0]!.id;
  expect(
    (
      await stack.call("PUT", `/api/renders/${renderId}/review`, {
        headers: as.Grace,
        json: { decision: "approve" },
      })
    ).status,
  ).toBe(200);
  const decided = await waitFor(async () => {
    await pass();
    return texts().find((t) => t.includes("decided on"));
  }, 15_000);
  expect(decided).toBe(`Grace decided on <${PUBLIC_URL}/?view=${renderId}|a render>: Approved`);
  await pass();
  // Once each, though the approval is an item of every admin's (and of the team's).
  expect(texts().filter((t) => t.includes("waits for approval"))).toHaveLength(1);
  expect(texts().filter((t) => t.includes("decided on"))).toHaveLength(1);
});

/**
 * Share links with sign-in off: everyone acts as the team, so anyone may share a render, sees every
 * link and may revoke any of them, as with every other action then.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { LedgerRender, Share, ShareCreated } from "@/lib/contract";
import { startStack, waitFor, type Stack } from "@/test/server-stack";

let stack: Stack;
let ready: LedgerRender;

beforeAll(async () => {
  stack = await startStack();
  const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
    json: { kind: "image", prompt: "a harbour shared with sign-in off" },
  });
  const id = created.body.renders[0]?.id ?? "";
  ready = await waitFor(async () => {
    const { body } = await stack.callJson<LedgerRender>("GET", `/api/renders/${id}`);
    return body.status === "ready" ? body : undefined;
  }, 30_000);
});
afterAll(() => stack.close());

test("anyone shares, lists and revokes; the link has no creator and stops at once", async () => {
  const created = await stack.callJson<ShareCreated>("POST", "/api/shares", {
    json: { kind: "render", id: ready.id },
  });
  expect(created.status).toBe(201);
  // Without showPrompt the prompt is shown, as the dialog's switch starts.
  expect(created.body.share).toMatchObject({ member: null, showPrompt: true, targetId: ready.id });

  const list = await stack.callJson<{ items: Share[] }>("GET", `/api/shares?render=${ready.id}`);
  expect(list.body.items.map((share) => share.id)).toEqual([created.body.share.id]);

  const token = created.body.path.replace(/^\/s\//, "");
  const { sharedViewForPage } = await import("@/lib/server/pages/share");
  expect(await sharedViewForPage(token)).toMatchObject({ kind: "render", prompt: ready.prompt });
  expect(await stack.callJson("DELETE", `/api/shares/${created.body.share.id}`)).toMatchObject({
    status: 200,
    body: { revoked: true },
  });
  expect(await sharedViewForPage(token)).toBeUndefined();
});

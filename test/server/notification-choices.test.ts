/**
 * Your account → Notifications over the routes: the whole table with its defaults, a change saved
 * and read back by its member alone, an admin's kind refused to a member, nothing with sign-in off.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { NotificationChoices } from "@/lib/contract";
import { kindsFor } from "@/lib/domain/notifications";
import { TEST_TEAM, signedInMembers, startStack, type Stack } from "@/test/server-stack";

let stack: Stack;
let as: Record<string, { cookie: string }> = {};

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-choices" } });
  const { cookies } = await signedInMembers(stack, [TEST_TEAM.ada, TEST_TEAM.grace, TEST_TEAM.linus]);
  as = Object.fromEntries(Object.entries(cookies).map(([name, cookie]) => [name, { cookie }]));
});
afterAll(() => stack.close());

async function choices(name: string): Promise<NotificationChoices> {
  const response = await stack.call("GET", "/api/account/notifications", { headers: as[name] });
  expect(response.status).toBe(200);
  return (await response.json()) as NotificationChoices;
}

test("each member sees every kind they may hear of; only admins the approvals", async () => {
  const ada = await choices("Ada");
  const grace = await choices("Grace");
  expect(ada.items.map((c) => c.kind)).toEqual(kindsFor(true));
  expect(grace.items.map((c) => c.kind)).toEqual(kindsFor(false));
  expect(grace.items.map((c) => c.kind)).not.toContain("approval_waiting");
  // No SMTP_URL in this stack.
  expect(ada.emailAvailable).toBe(false);
});

test("a change is saved for its member alone and read back; the other kinds keep theirs", async () => {
  const before = await choices("Grace");
  const changed = { kind: "render_finished" as const, push: false, email: "digest" as const };
  const response = await stack.call("PUT", "/api/account/notifications", {
    headers: as.Grace,
    json: { items: [changed] },
  });
  expect(response.status).toBe(200);
  const after = await choices("Grace");
  expect(after.items.find((c) => c.kind === "render_finished")).toEqual(changed);
  expect(after.items.filter((c) => c.kind !== "render_finished")).toEqual(
    before.items.filter((c) => c.kind !== "render_finished"),
  );
  expect((await choices("Linus")).items).toEqual(before.items);
});

test("a member cannot choose for an admin's kind, nor for a kind that does not exist", async () => {
  const admins = await stack.call("PUT", "/api/account/notifications", {
    headers: as.Linus,
    json: { items: [{ kind: "approval_waiting", push: true, email: "off" }] },
  });
  expect(admins.status).toBe(422);
  const unknown = await stack.call("PUT", "/api/account/notifications", {
    headers: as.Linus,
    json: { items: [{ kind: "weather", push: true, email: "off" }] },
  });
  expect(unknown.status).toBe(422);
  expect((await choices("Linus")).items.find((c) => c.kind === "render_finished")?.push).toBe(true);
});

test("a visitor who is not signed in is refused", async () => {
  expect((await stack.call("GET", "/api/account/notifications")).status).toBe(401);
});

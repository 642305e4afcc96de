/**
 * The team's spending rules (`GET`/`POST /api/team`) with sign-in on, against a real ledger file:
 * defaults from the environment, a patch changes only what it names, bad values are refused with
 * the field named, and only admins may read or change them.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TeamSettings } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { signedInMembers, startStack, type Stack } from "@/test/server-stack";

let stack: Stack;
let team: Awaited<ReturnType<typeof signedInMembers>>;
const as = (name: string) => ({ headers: { cookie: team.cookies[name] ?? "" } });

beforeAll(async () => {
  stack = await startStack({
    env: {
      AUTH_SECRET: "team-settings-secret-long-enough-1357",
      CONFIRM_ABOVE_CREDITS: "120",
      LOW_BALANCE_CREDITS: "300",
    },
  });
  team = await signedInMembers(stack);
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  return stack.close();
});

test("the defaults come from the environment, and a patch changes only what it names", async () => {
  const before = await stack.callJson<TeamSettings>("GET", "/api/team", as("Ada"));
  expect(before.body).toEqual({
    defaultMonthlyCapCredits: null,
    monthlyBudgetCredits: null,
    confirmAboveCredits: 120,
    lowBalanceCredits: 300,
    approvalAboveCredits: null,
    approvalForUnknownCost: true,
  });

  const patch = { monthlyBudgetCredits: 5000, approvalAboveCredits: 400, approvalForUnknownCost: false };
  const saved = await stack.callJson<TeamSettings>("POST", "/api/team", { ...as("Ada"), json: patch });
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({ ...before.body, ...patch });
  expect((await stack.callJson<TeamSettings>("GET", "/api/team", as("Ada"))).body).toEqual(saved.body);

  const cleared = await stack.callJson<TeamSettings>("POST", "/api/team", {
    ...as("Ada"),
    json: { monthlyBudgetCredits: null },
  });
  expect(cleared.body).toEqual({ ...saved.body, monthlyBudgetCredits: null });
});

test("bad values are refused with the field named, and nothing is stored", async () => {
  const before = (await stack.callJson<TeamSettings>("GET", "/api/team", as("Ada"))).body;
  for (const [field, value] of [
    ["confirmAboveCredits", -1],
    ["confirmAboveCredits", null],
    ["monthlyBudgetCredits", 2.5],
    ["approvalForUnknownCost", "yes"],
  ] as const) {
    const response = await stack.callJson<{ error: { code: string; field?: string } }>("POST", "/api/team", {
      ...as("Ada"),
      json: { [field]: value, lowBalanceCredits: 1 },
    });
    expect(response.status, `${field}=${String(value)}`).toBe(422);
    expect(response.body.error.field).toBe(field);
  }
  expect((await stack.callJson<TeamSettings>("GET", "/api/team", as("Ada"))).body).toEqual(before);
});

test("a stored value no schema accepts falls back to the defaults rather than breaking every render", async () => {
  const db = await getDb(stack.databaseUrl);
  await db
    .insertInto("team_settings")
    .values({ key: "confirm_above_credits", value: '"lots"' })
    .onConflict((c) => c.column("key").doUpdateSet({ value: '"lots"' }))
    .execute();
  const response = await stack.callJson<TeamSettings>("GET", "/api/team", as("Ada"));
  expect(response.status).toBe(200);
  expect(response.body.confirmAboveCredits).toBe(120);
  await stack.callJson("POST", "/api/team", { ...as("Ada"), json: { confirmAboveCredits: 150 } });
  expect((await stack.callJson<TeamSettings>("GET", "/api/team", as("Ada"))).body.confirmAboveCredits).toBe(
    150,
  );
});

test("members may neither read nor change the rules", async () => {
  expect((await stack.call("GET", "/api/team", as("Grace"))).status).toBe(403);
  const response = await stack.call("POST", "/api/team", {
    ...as("Grace"),
    json: { confirmAboveCredits: 1 },
  });
  expect(response.status).toBe(403);
});

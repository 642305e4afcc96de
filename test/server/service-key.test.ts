/**
 * When the server's own key is the problem, the dashboard says what an admin must fix, and a create
 * refused for it leaves nothing behind in the ledger.
 */
import { afterEach, expect, test } from "vitest";
import { startStack, type Stack } from "@/test/server-stack";

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const cases = [
  [
    "a revoked key",
    "rs_live_demo_revoked",
    401,
    {
      code: "service_key_rejected",
      message:
        "The Render Service rejected the dashboard's API key. An admin must set a valid RENDER_API_KEY.",
    },
  ],
  [
    "a Free-plan key",
    "rs_live_demo_free",
    403,
    {
      code: "service_plan_required",
      message:
        "The dashboard's API key belongs to a Free-plan account. An admin must move the account to a paid plan.",
    },
  ],
] as const;

test.each(cases)("%s", async (_name, apiKey, status, error) => {
  stack = await startStack({ apiKey });
  const account = await stack.callJson("GET", "/api/account");
  expect(account).toMatchObject({ status, body: { error } });

  const create = await stack.callJson("POST", "/api/renders", { json: { kind: "image", prompt: "refused" } });
  expect(create).toMatchObject({ status, body: { error } });
  const ledger = await stack.callJson<{ items: unknown[] }>("GET", "/api/renders");
  expect(ledger.body.items).toEqual([]);

  const health = await stack.callJson("GET", "/api/health");
  expect(health).toMatchObject({ status: 200, body: { ok: true, upstream: { reachable: true } } });
});

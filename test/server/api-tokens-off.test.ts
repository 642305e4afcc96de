/**
 * API tokens with sign-in off: there are no members, so no tokens. The token routes say sign-in is
 * needed, and a bearer header is not read (every caller acts as the team, as without one, and the
 * origin check still applies).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { startStack, type Stack } from "@/test/server-stack";

let stack: Stack;
beforeAll(async () => {
  delete process.env.AUTH_SECRET;
  stack = await startStack();
});
afterAll(() => stack.close());

const bearer = { authorization: "Bearer rdt_not-a-token-of-anyone" };
const needsSignIn = {
  status: 404,
  body: { error: { code: "not_found", message: "API tokens need sign-in: set AUTH_SECRET to turn it on." } },
};

test("the token routes answer that tokens need sign-in", async () => {
  expect(await stack.callJson("GET", "/api/tokens")).toMatchObject(needsSignIn);
  expect(
    await stack.callJson("POST", "/api/tokens", { json: { name: "script", scope: "read" } }),
  ).toMatchObject(needsSignIn);
  expect(await stack.callJson("DELETE", "/api/tokens/tok_x")).toMatchObject(needsSignIn);
});

test("a bearer header is not read: the request acts as the team, and a cross-site one is still refused", async () => {
  expect((await stack.call("GET", "/api/renders", { headers: bearer })).status).toBe(200);
  const created = await stack.call("POST", "/api/renders", {
    headers: bearer,
    json: { kind: "image", prompt: "sign-in off" },
  });
  expect(created.status).toBe(202);
  const before = (await stack.simStats()).creates.total;
  expect(
    await stack.callJson("POST", "/api/renders", {
      headers: { ...bearer, origin: "https://elsewhere.example" },
      json: { kind: "image", prompt: "forged" },
    }),
  ).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
  expect((await stack.simStats()).creates.total).toBe(before);
});

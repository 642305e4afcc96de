/** Spec §7 (errors) and §4.3 (polling is account-scoped): each status and code, whole bodies. */
import { describe, expect, it } from "vitest";
import { KEYS, simulatorForTests, type Reply, type SimClient } from "./test-client";

const sim = simulatorForTests();

interface Row {
  name: string;
  send: (client: SimClient) => Promise<Reply>;
  status: number;
  body: unknown;
  headers?: Record<string, string | RegExp>;
}

const error = (code: string, message: string) => ({ error: { code, message } });

async function drain(client: SimClient): Promise<void> {
  const costly = { kind: "video", prompt: "x", model: "seedance", durationSeconds: 50 }; // 500 credits
  for (let i = 0; i < 10; i++) await client.createRender(KEYS.team1, costly);
}

const ROWS: Row[] = [
  {
    name: "400 invalid_json",
    send: (c) => c.request("/api/v1/renders", { method: "POST", key: KEYS.team1, body: "{" }),
    status: 400,
    body: error("invalid_json", "Request body is not valid JSON"),
  },
  {
    name: "401 unauthorized",
    send: (c) => c.account(KEYS.revoked),
    status: 401,
    body: error("unauthorized", "This API key has been revoked"),
  },
  {
    name: "402 insufficient_credits",
    send: async (c) => {
      await drain(c);
      return c.createRender(KEYS.team1, { kind: "video", prompt: "x" });
    },
    status: 402,
    body: error("insufficient_credits", "This render costs 50 credits but the balance is 0"),
  },
  {
    name: "403 plan_required",
    send: (c) => c.createRender(KEYS.free, { kind: "image", prompt: "x" }),
    status: 403,
    body: error("plan_required", "API access requires a paid plan (Team or above)"),
  },
  {
    name: "404 not_found for an unknown render",
    send: (c) => c.poll(KEYS.team1, "rnd_doesnotexist"),
    status: 404,
    body: error("not_found", "No render with id 'rnd_doesnotexist' on this account"),
  },
  {
    name: "404 not_found for another account's render",
    send: async (c) => {
      const theirs = await c.createRender(KEYS.studio, { kind: "image", prompt: "x" });
      const reply = await c.poll(KEYS.team1, theirs.body.id);
      // Same answer as for an id that never existed, so ids of other accounts cannot be probed.
      return { ...reply, body: JSON.parse(reply.text.replace(theirs.body.id, "ID")) };
    },
    status: 404,
    body: error("not_found", "No render with id 'ID' on this account"),
  },
  {
    name: "404 not_found for an id carrying a slash",
    send: (c) => c.poll(KEYS.team1, "../account"),
    status: 404,
    body: error("not_found", "No render with id '../account' on this account"),
  },
  {
    name: "405 for DELETE on renders",
    send: (c) => c.request("/api/v1/renders", { key: KEYS.team1, method: "DELETE" }),
    status: 405,
    body: error("method_not_allowed", "DELETE is not allowed on /api/v1/renders"),
    headers: { allow: "POST" },
  },
  {
    name: "404 not_found for an unknown path, before authentication",
    send: (c) => c.request("/api/v1/renders/rnd_x/cancel", { method: "POST" }),
    status: 404,
    body: error("not_found", "No such resource: /api/v1/renders/rnd_x/cancel"),
  },
  {
    name: "404 not_found for another API version",
    send: (c) => c.account(KEYS.team1).then(() => c.request("/api/v2/account", { key: KEYS.team1 })),
    status: 404,
    body: error("not_found", "No such resource: /api/v2/account"),
  },
  {
    name: "405 method_not_allowed with Allow",
    send: (c) => c.request("/api/v1/account", { method: "POST", key: KEYS.team1 }),
    status: 405,
    body: error("method_not_allowed", "POST is not allowed on /api/v1/account"),
    headers: { allow: "GET" },
  },
  {
    name: "405 for HEAD on a poll",
    send: (c) => c.request("/api/v1/renders/rnd_x", { method: "HEAD", key: KEYS.team1 }),
    status: 405,
    body: "",
    headers: { allow: "GET" },
  },
  {
    name: "413 payload_too_large",
    send: (c) => c.createRender(KEYS.team1, { kind: "image", prompt: "x".repeat(2_000_000) }),
    status: 413,
    body: error("payload_too_large", "Request body exceeds 1048576 bytes"),
  },
  {
    name: "415 unsupported_media_type",
    send: (c) => c.request("/api/v1/uploads", { method: "POST", key: KEYS.team1, body: "kind=image" }),
    status: 415,
    body: error(
      "unsupported_media_type",
      "Uploads must be multipart/form-data with the fields 'kind' and 'file'",
    ),
  },
  {
    name: "422 invalid_request naming the field",
    send: (c) =>
      c.createRender(KEYS.team1, { kind: "video", prompt: "x", model: "veo-3.1-lite", resolution: "4k" }),
    status: 422,
    body: error("invalid_request", "resolution must be one of '720p', '1080p' for veo-3.1-lite"),
  },
  {
    name: "429 rate_limited with Retry-After",
    send: async (c) => {
      for (let i = 0; i < 60; i++) await c.poll(KEYS.team2, "rnd_x");
      return c.poll(KEYS.team1, "rnd_x");
    },
    status: 429,
    body: error("rate_limited", "Polling limit reached: 60 render polls per minute per account"),
    // Seconds until the oldest of the 60 polls leaves the window: a little under 60.
    headers: { "retry-after": /^([4-5][0-9]|60)$/ },
  },
];

describe("§7 errors", () => {
  it.each(ROWS)("$name", async ({ send, status, body, headers }) => {
    const reply = await send(sim.client);
    expect({ status: reply.status, body: reply.body }).toEqual({ status, body });
    for (const [name, expected] of Object.entries(headers ?? {})) {
      if (typeof expected === "string") expect(reply.headers.get(name)).toBe(expected);
      else expect(reply.headers.get(name)).toMatch(expected);
    }
  });

  it("answers unknown paths outside the API with 404 and the test endpoints without a key", async () => {
    expect((await sim.client.request("/")).status).toBe(404);
    expect((await sim.client.request("/__sim/health")).body).toEqual({ ok: true, timeScale: 0.01 });
    expect((await sim.client.request("/__sim/stats", { method: "DELETE" })).status).toBe(405);
  });
});

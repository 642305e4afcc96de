/** Spec §5 (authentication) and §4.4 (account endpoint), over real HTTP. */
import { describe, expect, it } from "vitest";
import { KEYS, simulatorForTests } from "./test-client";

const sim = simulatorForTests();

const ENDPOINTS = [
  { name: "GET account", path: "/api/v1/account", method: "GET" },
  { name: "POST renders", path: "/api/v1/renders", method: "POST", json: { kind: "image", prompt: "a cat" } },
  { name: "GET render", path: "/api/v1/renders/rnd_unknown", method: "GET" },
  { name: "POST uploads", path: "/api/v1/uploads", method: "POST", form: true },
] as const;

const unauthorized = (message: string) => ({
  status: 401,
  body: { error: { code: "unauthorized", message } },
});

const CREDENTIALS: {
  name: string;
  header: string | undefined;
  expected: { status: number; body: unknown };
}[] = [
  {
    name: "missing key",
    header: undefined,
    expected: unauthorized("Missing API key: send 'Authorization: Bearer <API_KEY>'"),
  },
  {
    name: "empty header",
    header: "",
    expected: unauthorized("Missing API key: send 'Authorization: Bearer <API_KEY>'"),
  },
  { name: "no Bearer scheme", header: KEYS.team1, expected: unauthorized("Malformed API key") },
  { name: "Basic scheme", header: `Basic ${KEYS.team1}`, expected: unauthorized("Malformed API key") },
  { name: "Bearer without key", header: "Bearer ", expected: unauthorized("Malformed API key") },
  {
    name: "not a live key",
    header: "Bearer sk_test_0123456789",
    expected: unauthorized("Malformed API key"),
  },
  {
    name: "unknown live key",
    header: "Bearer rs_live_0000000000000000",
    expected: unauthorized("Invalid API key"),
  },
  {
    name: "revoked key",
    header: `Bearer ${KEYS.revoked}`,
    expected: unauthorized("This API key has been revoked"),
  },
  {
    name: "free-plan key",
    header: `Bearer ${KEYS.free}`,
    expected: {
      status: 403,
      body: { error: { code: "plan_required", message: "API access requires a paid plan (Team or above)" } },
    },
  },
];

describe("§5 authentication on every endpoint", () => {
  const rows = ENDPOINTS.flatMap((endpoint) => CREDENTIALS.map((cred) => ({ endpoint, cred })));
  it.each(rows)("$endpoint.name with $cred.name", async ({ endpoint, cred }) => {
    const headers = new Headers();
    if (cred.header !== undefined) headers.set("authorization", cred.header);
    let body: BodyInit | undefined;
    if ("json" in endpoint) body = JSON.stringify(endpoint.json);
    if ("form" in endpoint) {
      const form = new FormData();
      form.set("kind", "image");
      form.set("file", new Blob([new Uint8Array([1])], { type: "image/png" }), "a.png");
      body = form;
    }
    const reply = await sim.client.request(endpoint.path, { method: endpoint.method, headers, body });
    expect({ status: reply.status, body: reply.body }).toEqual(cred.expected);
    // A refused request neither creates nor polls anything.
    const stats = await sim.client.stats();
    expect(stats.creates.total + stats.polls.total + stats.renders.length).toBe(0);
  });

  it("accepts the scheme name in any case", async () => {
    const reply = await sim.client.request("/api/v1/account", {
      headers: { authorization: `bearer ${KEYS.team1}` },
    });
    expect(reply.status).toBe(200);
  });
});

describe("§4.4 account record", () => {
  it.each([
    { key: KEYS.team1, name: "demo-team-1", last4: "am_1" },
    { key: KEYS.team2, name: "demo-team-2", last4: "am_2" },
    { key: KEYS.studio, name: "demo-studio", last4: "udio" },
  ])("describes the key used ($name)", async ({ key, name, last4 }) => {
    const reply = await sim.client.account(key);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      plan: "team",
      planLabel: "Team",
      renderCreditsBalance: 5000,
      monthlyGrant: 5000,
      key: { name, last4 },
    });
  });

  it("two keys of one account share its balance (§5.8)", async () => {
    const created = await sim.client.createRender(KEYS.team1, {
      kind: "video",
      prompt: "a boat",
      durationSeconds: 5,
    });
    expect(created.body.creditsCharged).toBe(50);
    expect((await sim.client.account(KEYS.team2)).body.renderCreditsBalance).toBe(4950);
    expect((await sim.client.account(KEYS.team1)).body.renderCreditsBalance).toBe(4950);
    // Another account's balance is its own.
    expect((await sim.client.account(KEYS.studio)).body.renderCreditsBalance).toBe(5000);
  });

  it("a render made with one key can be polled with the other key of the same account", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "a fox" });
    expect((await sim.client.poll(KEYS.team2, created.body.id)).status).toBe(200);
  });
});

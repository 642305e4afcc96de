/**
 * Estimates against the real simulator and a real ledger, sign-in on: a charge teaches its price
 * key's rate for every duration, `generateAudio` is part of the key, images are included in the
 * plan, the admin's override wins over the env card and the learned rate, and only admins see or
 * change the rate card. Each render keeps its estimate beside its charge. A rate that moves reaches
 * open streams, so open forms re-read their estimates.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { CostEstimate, CreateRenderResult, LedgerRender, LiveEvent, RateCard } from "@/lib/contract";
import { SseReader } from "@/test/sse-reader";
import { signedInMembers, startStack, type Stack } from "@/test/server-stack";

let stack: Stack;
let team: Awaited<ReturnType<typeof signedInMembers>>;
const as = (name: string) => ({ headers: { cookie: team.cookies[name] ?? "" } });

/** The env card prices veo-3.1 720p (every audio setting) at this many credits per second. */
const CARD_RATE = 31;

beforeAll(async () => {
  stack = await startStack({
    env: {
      AUTH_SECRET: "rates-test-secret-long-enough-24680",
      RATE_CARD: JSON.stringify({ "veo-3.1:720p": CARD_RATE }),
    },
  });
  team = await signedInMembers(stack);
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  delete process.env.RATE_CARD;
  return stack.close();
});

const KLING = { kind: "video", model: "kling", resolution: "1080p", aspectRatio: "16:9" } as const;

async function estimate(params: Record<string, string | number | boolean>): Promise<CostEstimate> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await stack.callJson<CostEstimate>("GET", `/api/estimate?${query}`, as("Grace"));
  expect(response.status).toBe(200);
  return response.body;
}

async function create(request: Record<string, unknown>): Promise<CreateRenderResult> {
  const response = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    ...as("Grace"),
    json: { prompt: "a harbour at dawn", ...request },
  });
  expect(response.status).toBe(202);
  return response.body;
}

async function ledgerRender(id: string): Promise<LedgerRender> {
  return (await stack.callJson<LedgerRender>("GET", `/api/renders/${id}`, as("Grace"))).body;
}

test("a 10 s render teaches the 5 s estimate exactly, and each render keeps its estimate beside its charge", async () => {
  const silent5 = { ...KLING, durationSeconds: 5, generateAudio: false };
  const unknown = await estimate(silent5);
  expect(unknown).toMatchObject({ credits: null, source: "none" });
  expect(unknown.basis).toMatch(/unknown until the first render of this kind/);

  const ten = await create({ ...silent5, durationSeconds: 10 });
  expect(ten.creditsCharged).toBeGreaterThan(0);
  expect((await ledgerRender(ten.ids[0] ?? "")).estimate).toEqual({ credits: null, source: "none" });

  const learned = await estimate(silent5);
  expect(learned).toMatchObject({ credits: ten.creditsCharged / 2, source: "history", renders: 1 });
  expect(learned.basis).toMatch(/learned from 1 render\b/);

  const five = await create(silent5);
  expect(five.creditsCharged).toBe(learned.credits);
  expect((await ledgerRender(five.ids[0] ?? "")).estimate).toEqual({
    credits: five.creditsCharged,
    source: "history",
  });
  expect((await estimate(silent5)).basis).toMatch(/learned from 2 renders/);
});

test("generateAudio is part of the key: audio on is priced on its own", async () => {
  const audio = { ...KLING, durationSeconds: 10, generateAudio: true };
  expect((await estimate(audio)).source).toBe("none");
  const withAudio = await create(audio);
  const silent = await estimate({ ...audio, generateAudio: false });
  expect(withAudio.creditsCharged).toBeGreaterThan(silent.credits ?? Infinity);
  expect(await estimate(audio)).toMatchObject({ credits: withAudio.creditsCharged, source: "history" });
});

test("an image estimates 0, included in the plan, before and after one is rendered", async () => {
  const image = { kind: "image", imageModel: "seedream", imageResolution: "2K", imageCount: 2 } as const;
  expect(await estimate(image)).toMatchObject({ credits: 0, source: "plan", basis: "included in your plan" });
  const made = await create(image);
  expect(made.creditsCharged).toBe(0);
  expect(await estimate(image)).toMatchObject({ credits: 0, source: "plan" });
});

test("the admin's override wins over the env card and the learned rate, and clearing it restores them", async () => {
  const veo = {
    kind: "video",
    model: "veo-3.1",
    resolution: "720p",
    durationSeconds: 8,
    generateAudio: true,
  };
  expect(await estimate(veo)).toMatchObject({ credits: CARD_RATE * 8, source: "rate-card" });

  const kling5 = { ...KLING, durationSeconds: 5, generateAudio: false };
  const learned = await estimate(kling5);
  const override = (learned.credits ?? 0) / 5 + 2.5;
  for (const [key, creditsPerUnit] of [
    ["kling:1080p:silent", override],
    ["veo-3.1:720p:audio", override],
  ] as const) {
    const saved = await stack.callJson<RateCard>("POST", "/api/rates", {
      ...as("Ada"),
      json: { key, creditsPerUnit },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.rows.find((row) => row.key === key)).toMatchObject({
      override,
      overrideBy: "Ada",
      effective: override,
    });
  }
  expect(await estimate(kling5)).toMatchObject({ credits: Math.ceil(override * 5), source: "rate-card" });
  expect((await estimate(kling5)).basis).toMatch(/from the rate card/);
  expect(await estimate(veo)).toMatchObject({ credits: Math.ceil(override * 8), source: "rate-card" });

  const card = (await stack.callJson<RateCard>("GET", "/api/rates", as("Ada"))).body;
  const row = card.rows.find((r) => r.key === "kling:1080p:silent");
  expect(row).toMatchObject({ learned: (learned.credits ?? 0) / 5, learnedFrom: 2, card: null });
  expect(card.rows.find((r) => r.key === "veo-3.1:720p:silent")).toMatchObject({
    card: CARD_RATE,
    override: null,
    effective: CARD_RATE,
  });

  await stack.callJson("POST", "/api/rates", {
    ...as("Ada"),
    json: { key: "kling:1080p:silent", creditsPerUnit: null },
  });
  expect(await estimate(kling5)).toMatchObject({ credits: learned.credits, source: "history" });
});

test("a charge that teaches a key, and an override of it, reach open streams as a rate event", async () => {
  const controller = new AbortController();
  const response = await stack.call("GET", "/api/events", { ...as("Grace"), signal: controller.signal });
  expect(response.status).toBe(200);
  const stream = new SseReader(response.body as ReadableStream<Uint8Array>);
  const rateOf = (key: string) => (e: LiveEvent) => e.type === "rate" && e.key === key;
  try {
    await stream.until<LiveEvent>((e) => e.type === "hello");
    const kling720 = { ...KLING, resolution: "720p", durationSeconds: 5, generateAudio: false };
    expect((await estimate(kling720)).source).toBe("none");
    await create(kling720);
    await stream.until<LiveEvent>(rateOf("kling:720p:silent"));
    expect((await estimate(kling720)).source).toBe("history");

    const set = { key: "kling:720p:silent", creditsPerUnit: 9 };
    expect((await stack.call("POST", "/api/rates", { ...as("Ada"), json: set })).status).toBe(200);
    await stream.until<LiveEvent>(rateOf(set.key));
    const cleared = { key: set.key, creditsPerUnit: null };
    expect((await stack.call("POST", "/api/rates", { ...as("Ada"), json: cleared })).status).toBe(200);
    await stream.until<LiveEvent>(rateOf(set.key));
  } finally {
    controller.abort();
    await stream.close();
  }
});

test("members may neither read nor change the rate card; an unknown key is not found", async () => {
  expect((await stack.call("GET", "/api/rates", as("Grace"))).status).toBe(403);
  const refused = await stack.call("POST", "/api/rates", {
    ...as("Grace"),
    json: { key: "kling:1080p:silent", creditsPerUnit: 1 },
  });
  expect(refused.status).toBe(403);
  const unknown = await stack.callJson<{ error: { code: string; field?: string } }>("POST", "/api/rates", {
    ...as("Ada"),
    json: { key: "no-such-model:8k:silent", creditsPerUnit: 1 },
  });
  expect(unknown.status).toBe(404);
  expect(unknown.body.error.field).toBe("key");
});

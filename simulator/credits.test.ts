/** Spec §1.5 and §4.2 rule 2: what renders cost, and that the balance never goes below zero. */
import { describe, expect, it } from "vitest";
import { KEYS, simulatorForTests } from "./test-client";

const sim = simulatorForTests();

const balance = async (key: string = KEYS.team1) =>
  (await sim.client.account(key)).body.renderCreditsBalance as number;

describe("§4.2 video debit = rate × duration (+25% with audio, rounded up)", () => {
  it.each([
    { model: "kling", resolution: "720p", durationSeconds: 5, generateAudio: false, credits: 50 },
    { model: "kling", resolution: "1080p", durationSeconds: 10, generateAudio: false, credits: 140 },
    { model: "kling", resolution: "4k", durationSeconds: 15, generateAudio: false, credits: 420 },
    { model: "kling", resolution: "4k", durationSeconds: 15, generateAudio: true, credits: 525 },
    { model: "seedance", resolution: "480p", durationSeconds: 60, generateAudio: false, credits: 360 },
    { model: "seedance", resolution: "720p", durationSeconds: 7, generateAudio: true, credits: 88 },
    { model: "seedance", resolution: "1080p", durationSeconds: 20, generateAudio: false, credits: 320 },
    { model: "seedance-fast", resolution: "720p", durationSeconds: 30, generateAudio: false, credits: 180 },
    { model: "veo-3.1", resolution: "4k", durationSeconds: 8, generateAudio: false, credits: 480 },
    { model: "veo-3.1", resolution: "720p", durationSeconds: 5, generateAudio: false, credits: 180 },
    { model: "veo-3.1-fast", resolution: "1080p", durationSeconds: 4, generateAudio: false, credits: 80 },
    { model: "veo-3.1-fast", resolution: "4k", durationSeconds: 7, generateAudio: false, credits: 240 },
    { model: "veo-3.1-lite", resolution: "1080p", durationSeconds: 6, generateAudio: true, credits: 90 },
    { model: "veo-3.1-lite", resolution: "720p", durationSeconds: 4, generateAudio: false, credits: 32 },
  ])(
    "$model $resolution $durationSeconds s audio=$generateAudio costs $credits",
    async ({ credits, ...params }) => {
      const reply = await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "x", ...params });
      expect(reply.status).toBe(202);
      expect(reply.body.creditsCharged).toBe(credits);
      expect(await balance()).toBe(5000 - credits);
      expect((await sim.client.statsOf(reply.body.id)).creditsCharged).toBe(credits);
    },
  );

  it("charges the model's minimum duration when none is given", async () => {
    expect(
      (await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "x", model: "seedance" })).body
        .creditsCharged,
    ).toBe(50);
  });
});

describe("§1.5 image renders are included on Team", () => {
  it.each(["seedream", "nano-banana", "nano-banana-pro", "gpt-image-2"])(
    "%s at 4K, 4 variants, costs 0",
    async (imageModel) => {
      const reply = await sim.client.createRender(KEYS.team1, {
        kind: "image",
        prompt: "x",
        imageModel,
        imageResolution: "4K",
        imageCount: 4,
      });
      expect(reply.body.creditsCharged).toBe(0);
      expect(await balance()).toBe(5000);
    },
  );
});

describe("§1.5 never beyond the balance", () => {
  const expensive = {
    kind: "video",
    prompt: "x",
    resolution: "4k",
    durationSeconds: 15,
    generateAudio: true,
  }; // 525

  it("refuses a render the balance cannot cover with 402 insufficient_credits and charges nothing", async () => {
    for (let i = 0; i < 9; i++)
      expect((await sim.client.createRender(KEYS.team1, expensive)).status).toBe(202);
    expect(await balance()).toBe(275);
    const refused = await sim.client.createRender(KEYS.team2, expensive);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 402,
      body: {
        error: {
          code: "insufficient_credits",
          message: "This render costs 525 credits but the balance is 275",
        },
      },
    });
    expect(await balance()).toBe(275);
    expect((await sim.client.stats()).renders).toHaveLength(9);
    // A render the balance does cover still goes through, and images need no credits at all.
    expect((await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "x" })).status).toBe(202);
    expect((await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "x" })).status).toBe(202);
    expect(await balance()).toBe(225);
  });

  it("spends the balance down to exactly zero and no further", async () => {
    const fifty = { kind: "video", prompt: "x", model: "seedance", durationSeconds: 50 }; // 500
    for (let i = 0; i < 10; i++) expect((await sim.client.createRender(KEYS.team1, fifty)).status).toBe(202);
    expect(await balance()).toBe(0);
    expect(
      (await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "x", model: "veo-3.1-lite" }))
        .status,
    ).toBe(402);
    expect(await balance()).toBe(0);
  });

  it("never goes negative under 50 concurrent creates from both keys", async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sim.client.createRender(i % 2 ? KEYS.team2 : KEYS.team1, expensive),
      ),
    );
    const accepted = replies.filter((r) => r.status === 202);
    expect(accepted).toHaveLength(9);
    expect(replies.filter((r) => r.status === 402)).toHaveLength(41);
    const charged = accepted.reduce((sum, r) => sum + (r.body.creditsCharged as number), 0);
    expect(await balance()).toBe(5000 - charged);
    expect(await balance()).toBeGreaterThanOrEqual(0);
    expect((await sim.client.stats()).creates).toEqual({ total: 50, accepted: 9 });
  });
});

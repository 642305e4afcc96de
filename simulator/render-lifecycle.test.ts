/** Spec §3 (states and transitions) over real HTTP, with a small time scale instead of long waits. */
import { describe, expect, it } from "vitest";
import { KEYS, statusSequence, simulatorForTests } from "./test-client";

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("§3 image renders, watched", () => {
  // nano-banana (20 s typical) takes 0.8–1.1 s here, of which 80–110 ms pending.
  const sim = simulatorForTests({ timeScale: 0.05 });

  it("go pending → running → ready, and outputUrl is set only when ready", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "a lighthouse", imageModel: "nano-banana" });
    expect(created.status).toBe(202);
    expect(created.body.status).toBe("pending");
    const seen = await sim.client.watch(KEYS.team1, created.body.id, 30);
    expect(statusSequence(seen)).toEqual(["pending", "running", "ready"]);
    for (const record of seen.slice(0, -1)) expect(record.outputUrl).toBeNull();
    const ready = seen.at(-1);
    expect(ready).toEqual({
      id: created.body.id,
      kind: "image",
      status: "ready",
      renderModel: "nano-banana 1K",
      outputUrl: `${sim.url}/media/${created.body.id}.png`,
      errorMessage: null,
      creditsRefunded: 0,
      createdAt: expect.stringMatching(ISO_MS),
      updatedAt: expect.stringMatching(ISO_MS),
    });
    expect(Date.parse(ready.updatedAt)).toBeGreaterThan(Date.parse(ready.createdAt));
    // Every record of one render carries the same creation time.
    expect(new Set(seen.map((r) => r.createdAt)).size).toBe(1);
  });
});

describe("§3 image renders", () => {
  const sim = simulatorForTests({ timeScale: 0.01 });

  it("give each variant of a batch its own id and life", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "a lighthouse", imageCount: 4 });
    const { ids, batchId } = created.body;
    expect(ids).toHaveLength(4);
    expect(batchId).toMatch(/^batch_/);
    expect(created.body.id).toBe(ids[0]);
    const finished = await sim.client.waitTerminal(ids);
    expect(new Set(finished.map((r) => r.terminalAt)).size).toBeGreaterThan(1);
    const records = await Promise.all(ids.map(async (id: string) => (await sim.client.poll(KEYS.team1, id)).body));
    expect(records.map((r) => r.status)).toEqual(["ready", "ready", "ready", "ready"]);
    expect(new Set(records.map((r) => r.outputUrl)).size).toBe(4);
  });

  it("fail with [fail] in the prompt, refunding the nothing they cost", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "a lighthouse [fail]" });
    await sim.client.waitTerminal([created.body.id]);
    const failed = (await sim.client.poll(KEYS.team1, created.body.id)).body;
    expect(failed).toMatchObject({
      status: "failed",
      outputUrl: null,
      errorMessage: "Generation failed: the model could not complete this render",
      creditsRefunded: 0,
    });
  });
});

describe("§1.7 time scale", () => {
  const sim = simulatorForTests({ timeScale: 0.02 });

  it("makes a 40 s image (nano-banana-pro) finish in under a second", async () => {
    const started = Date.now();
    const created = await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "x", imageModel: "nano-banana-pro" });
    const [done] = await sim.client.waitTerminal([created.body.id], 1000);
    expect(Date.parse(done?.terminalAt ?? "") - started).toBeLessThan(1000);
  });
});

describe("§3 video renders", () => {
  // kling 5 s (60 s typical) takes 0.5–0.7 s here.
  const sim = simulatorForTests({ timeScale: 0.01 });

  it("go pending → running → ready with a playable outputUrl and keep their charge", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "waves", durationSeconds: 5 });
    expect(created.body.creditsCharged).toBe(50);
    const seen = await sim.client.watch(KEYS.team1, created.body.id, 25);
    expect(statusSequence(seen)).toEqual(["pending", "running", "ready"]);
    expect(seen.at(-1)).toMatchObject({
      kind: "video",
      outputUrl: `${sim.url}/media/${created.body.id}.webm`,
      errorMessage: null,
      creditsRefunded: 0,
    });
    expect(seen.at(-1)).not.toHaveProperty("chain");
    expect((await sim.client.account(KEYS.team1)).body.renderCreditsBalance).toBe(4950);
  });

  it("running → failed refunds the charge once, when the failure happens", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "waves [fail]", durationSeconds: 5 });
    // Debited up front; nothing comes back before the failure.
    expect((await sim.client.account(KEYS.team2)).body.renderCreditsBalance).toBe(4950);
    const seen = await sim.client.watch(KEYS.team1, created.body.id, 25);
    expect(statusSequence(seen)).toEqual(["pending", "running", "failed"]);
    expect(seen.at(-1)).toMatchObject({
      status: "failed",
      outputUrl: null,
      errorMessage: "Generation failed: the model could not complete this render",
      creditsRefunded: 50,
    });
    for (let i = 0; i < 3; i++) await sim.client.poll(KEYS.team1, created.body.id);
    expect((await sim.client.account(KEYS.team1)).body.renderCreditsBalance).toBe(5000);
    expect(await sim.client.statsOf(created.body.id)).toMatchObject({ creditsCharged: 50, creditsRefunded: 50, status: "failed" });
  });

  it("refunds a failure even if the render is never polled", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "[fail]", model: "veo-3.1-lite" });
    expect(created.body.creditsCharged).toBe(32);
    await sim.client.waitTerminal([created.body.id]);
    expect((await sim.client.account(KEYS.team1)).body.renderCreditsBalance).toBe(5000);
  });

  it("reports the terminal time in the stats once reached", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "x" });
    expect((await sim.client.statsOf(created.body.id)).terminalAt).toBeNull();
    const [done] = await sim.client.waitTerminal([created.body.id]);
    expect(done?.terminalAt).toMatch(ISO_MS);
    expect(Date.parse(done?.terminalAt ?? "")).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    { model: "kling", durationSeconds: 15, clips: null },
    { model: "seedance", durationSeconds: 15, clips: null },
    { model: "seedance", durationSeconds: 16, clips: 2 },
    { model: "seedance", durationSeconds: 31, clips: 3 },
    { model: "seedance", durationSeconds: 60, clips: 4 },
    { model: "seedance-fast", durationSeconds: 45, clips: 3 },
  ])("$model $durationSeconds s reports chain: $clips clips", async ({ model, durationSeconds, clips }) => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "x", model, durationSeconds });
    const record = (await sim.client.poll(KEYS.team1, created.body.id)).body;
    if (clips === null) expect(record).not.toHaveProperty("chain");
    else expect(record.chain).toEqual({ clipsReady: 0, clipsTotal: clips });
  });
});

describe("§3 stitched renders, watched", () => {
  // seedance 60 s (600 s typical) takes 1.0–1.3 s here: four clips of about 0.27 s.
  const sim = simulatorForTests({ timeScale: 0.002 });

  it("advance chain.clipsReady as clips finish, updating updatedAt each time", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "a journey", model: "seedance", durationSeconds: 60 });
    expect(created.body.creditsCharged).toBe(600);
    const seen = await sim.client.watch(KEYS.team1, created.body.id, 40);
    const clips = seen.map((r) => r.chain.clipsReady as number);
    expect(clips[0]).toBe(0);
    expect(clips.at(-1)).toBe(4);
    for (let i = 1; i < clips.length; i++) expect(clips[i]).toBeGreaterThanOrEqual(clips[i - 1] as number);
    expect(new Set(clips.filter((c) => c > 0 && c < 4)).size).toBeGreaterThanOrEqual(2);
    for (const record of seen) expect(record.chain.clipsTotal).toBe(4);
    for (let i = 1; i < seen.length; i++) {
      if (clips[i] !== clips[i - 1]) expect(Date.parse(seen[i].updatedAt)).toBeGreaterThan(Date.parse(seen[i - 1].updatedAt));
    }
    expect(seen.at(-1)).toMatchObject({ status: "ready", creditsRefunded: 0, errorMessage: null });
  });
});

describe("§3 stitched renders", () => {
  const sim = simulatorForTests({ timeScale: 0.001 });

  it.each([
    // charged = rate × seconds (+25% with audio); refund = charged − floor(charged × made / total)
    { model: "seedance", durationSeconds: 60, generateAudio: false, charged: 600, made: 2, total: 4, refunded: 300 },
    { model: "seedance-fast", durationSeconds: 45, generateAudio: false, charged: 270, made: 1, total: 3, refunded: 180 },
    { model: "seedance", durationSeconds: 30, generateAudio: true, charged: 375, made: 1, total: 2, refunded: 188 },
  ])(
    "[partial] $model $durationSeconds s stops after $made of $total clips and refunds $refunded",
    async ({ model, durationSeconds, generateAudio, charged, made, total, refunded }) => {
      const body = { kind: "video", prompt: "a journey [partial]", model, durationSeconds, generateAudio };
      const created = await sim.client.createRender(KEYS.team1, body);
      expect(created.body.creditsCharged).toBe(charged);
      await sim.client.waitTerminal([created.body.id]);
      const failed = (await sim.client.poll(KEYS.team1, created.body.id)).body;
      expect(failed).toMatchObject({
        status: "failed",
        outputUrl: null,
        errorMessage: `Stitching stopped after ${made} of ${total} clips; the unmade portion was refunded`,
        creditsRefunded: refunded,
        chain: { clipsReady: made, clipsTotal: total },
      });
      expect((await sim.client.account(KEYS.team1)).body.renderCreditsBalance).toBe(5000 - charged + refunded);
    },
  );

  it("ignores [partial] on a render that is not stitched", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "[partial]", model: "seedance", durationSeconds: 10 });
    const [done] = await sim.client.waitTerminal([created.body.id]);
    expect(done?.status).toBe("ready");
  });
});

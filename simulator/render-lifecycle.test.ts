/**
 * Spec §3 (states and transitions) over real HTTP, with a small time scale instead of long waits.
 * Each test has its own simulator. Tests that only wait run concurrently; tests that watch a short
 * phase run alone, since concurrent requests in this one process slow each poll to tens of ms.
 */
import { describe, expect, it } from "vitest";
import { KEYS, statusSequence, withSimulator } from "./test-client";

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/**
 * Watching a phase of tens of milliseconds depends on the CPU being free, which a shared machine
 * does not promise; a retry (with a fresh simulator) tells a busy machine from a real regression.
 */
const WATCHED = { retry: 2 };

/** Look closely while a render waits (its pending phase is short), then poll at a gentler pace. */
const closeWhilePending = (running: number) => (status: string) =>
  status === "pending" || status === "queued" ? 8 : running;

describe("§3 renders, watched", () => {
  it("go pending → running → ready, and outputUrl is set only when ready", WATCHED, async () => {
    // nano-banana (20 s typical) takes 0.64–0.88 s here, of which 64–88 ms pending.
    await withSimulator({ timeScale: 0.04 }, async (client, url) => {
      const created = await client.createRender(KEYS.team1, {
        kind: "image",
        prompt: "a lighthouse",
        imageModel: "nano-banana",
      });
      expect(created.status).toBe(202);
      expect(created.body.status).toBe("pending");
      const seen = await client.watch(KEYS.team1, created.body.id, closeWhilePending(25));
      expect(statusSequence(seen)).toEqual(["pending", "running", "ready"]);
      for (const record of seen.slice(0, -1)) expect(record.outputUrl).toBeNull();
      const ready = seen.at(-1);
      expect(ready).toEqual({
        id: created.body.id,
        kind: "image",
        status: "ready",
        renderModel: "nano-banana 1K",
        outputUrl: `${url}/media/${created.body.id}.png`,
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

  it(
    "go pending → running → ready for a video, with a playable outputUrl, keeping the charge",
    WATCHED,
    async () => {
      // kling 5 s (60 s typical) takes 0.6–0.8 s here, of which 60–80 ms pending.
      await withSimulator({ timeScale: 0.012 }, async (client, url) => {
        const created = await client.createRender(KEYS.team1, {
          kind: "video",
          prompt: "waves",
          durationSeconds: 5,
        });
        expect(created.body.creditsCharged).toBe(50);
        const seen = await client.watch(KEYS.team1, created.body.id, closeWhilePending(25));
        expect(statusSequence(seen)).toEqual(["pending", "running", "ready"]);
        expect(seen.at(-1)).toMatchObject({
          kind: "video",
          outputUrl: `${url}/media/${created.body.id}.webm`,
          errorMessage: null,
          creditsRefunded: 0,
        });
        expect(seen.at(-1)).not.toHaveProperty("chain");
        expect((await client.account(KEYS.team1)).body.renderCreditsBalance).toBe(4950);
      });
    },
  );

  it("running → failed refunds the charge once, when the failure happens", WATCHED, async () => {
    await withSimulator({ timeScale: 0.012 }, async (client) => {
      const created = await client.createRender(KEYS.team1, {
        kind: "video",
        prompt: "waves [fail]",
        durationSeconds: 5,
      });
      // Debited up front; nothing comes back before the failure.
      expect((await client.account(KEYS.team2)).body.renderCreditsBalance).toBe(4950);
      const seen = await client.watch(KEYS.team1, created.body.id, closeWhilePending(25));
      expect(statusSequence(seen)).toEqual(["pending", "running", "failed"]);
      expect(seen.at(-1)).toMatchObject({
        status: "failed",
        outputUrl: null,
        errorMessage: "Generation failed: the model could not complete this render",
        creditsRefunded: 50,
      });
      for (let i = 0; i < 3; i++) await client.poll(KEYS.team1, created.body.id);
      expect((await client.account(KEYS.team1)).body.renderCreditsBalance).toBe(5000);
      expect(await client.statsOf(created.body.id)).toMatchObject({
        creditsCharged: 50,
        creditsRefunded: 50,
        status: "failed",
      });
    });
  });

  it("advance chain.clipsReady as clips finish, updating updatedAt each time", WATCHED, async () => {
    // seedance 60 s (600 s typical) takes 0.7–1 s here: four clips of about 0.2 s.
    await withSimulator({ timeScale: 0.0015 }, async (client) => {
      const created = await client.createRender(KEYS.team1, {
        kind: "video",
        prompt: "a journey",
        model: "seedance",
        durationSeconds: 60,
      });
      expect(created.body.creditsCharged).toBe(600);
      const seen = await client.watch(KEYS.team1, created.body.id, 25);
      const clips = seen.map((r) => r.chain.clipsReady as number);
      expect(clips[0]).toBe(0);
      expect(clips.at(-1)).toBe(4);
      for (let i = 1; i < clips.length; i++) expect(clips[i]).toBeGreaterThanOrEqual(clips[i - 1] as number);
      expect(new Set(clips.filter((c) => c > 0 && c < 4)).size).toBeGreaterThanOrEqual(2);
      for (const record of seen) expect(record.chain.clipsTotal).toBe(4);
      for (let i = 1; i < seen.length; i++) {
        if (clips[i] !== clips[i - 1])
          expect(Date.parse(seen[i].updatedAt)).toBeGreaterThan(Date.parse(seen[i - 1].updatedAt));
      }
      expect(seen.at(-1)).toMatchObject({ status: "ready", creditsRefunded: 0, errorMessage: null });
    });
  });
});

describe.concurrent("§3 image renders", () => {
  it("give each variant of a batch its own id and life", async () => {
    await withSimulator({ timeScale: 0.01 }, async (client) => {
      const created = await client.createRender(KEYS.team1, {
        kind: "image",
        prompt: "a lighthouse",
        imageCount: 4,
      });
      const { ids, batchId } = created.body;
      expect(ids).toHaveLength(4);
      expect(batchId).toMatch(/^batch_/);
      expect(created.body.id).toBe(ids[0]);
      const finished = await client.waitTerminal(ids);
      expect(new Set(finished.map((r) => r.terminalAt)).size).toBeGreaterThan(1);
      const records = await Promise.all(
        ids.map(async (id: string) => (await client.poll(KEYS.team1, id)).body),
      );
      expect(records.map((r) => r.status)).toEqual(["ready", "ready", "ready", "ready"]);
      expect(new Set(records.map((r) => r.outputUrl)).size).toBe(4);
    });
  });

  it("fail with [fail] in the prompt, refunding the nothing they cost", async () => {
    await withSimulator({ timeScale: 0.01 }, async (client) => {
      const created = await client.createRender(KEYS.team1, { kind: "image", prompt: "a lighthouse [fail]" });
      await client.waitTerminal([created.body.id]);
      const failed = (await client.poll(KEYS.team1, created.body.id)).body;
      expect(failed).toMatchObject({
        status: "failed",
        outputUrl: null,
        errorMessage: "Generation failed: the model could not complete this render",
        creditsRefunded: 0,
      });
    });
  });

  it("§1.7: time scale 0.02 makes a 40 s image (nano-banana-pro) finish in under a second", async () => {
    await withSimulator({ timeScale: 0.02 }, async (client) => {
      const created = await client.createRender(KEYS.team1, {
        kind: "image",
        prompt: "x",
        imageModel: "nano-banana-pro",
      });
      const [done] = await client.waitTerminal([created.body.id], 3000);
      const { createdAt } = (await client.poll(KEYS.team1, created.body.id)).body;
      expect(Date.parse(done?.terminalAt ?? "") - Date.parse(createdAt)).toBeLessThan(1000);
    });
  });
});

describe.concurrent("§3 video renders", () => {
  it("refund a failure even if the render is never polled", async () => {
    await withSimulator({ timeScale: 0.01 }, async (client) => {
      const created = await client.createRender(KEYS.team1, {
        kind: "video",
        prompt: "[fail]",
        model: "veo-3.1-lite",
      });
      expect(created.body.creditsCharged).toBe(32);
      await client.waitTerminal([created.body.id]);
      expect((await client.account(KEYS.team1)).body.renderCreditsBalance).toBe(5000);
    });
  });

  it("report the terminal time in the stats once reached", async () => {
    await withSimulator({ timeScale: 0.01 }, async (client) => {
      const created = await client.createRender(KEYS.team1, { kind: "video", prompt: "x" });
      expect((await client.statsOf(created.body.id)).terminalAt).toBeNull();
      const [done] = await client.waitTerminal([created.body.id]);
      expect(done?.terminalAt).toMatch(ISO_MS);
      expect(Date.parse(done?.terminalAt ?? "")).toBeLessThanOrEqual(Date.now());
    });
  });

  it("carry chain progress only when stitched", async () => {
    await withSimulator({ timeScale: 0.01 }, async (client) => {
      const rows = [
        { model: "kling", durationSeconds: 15, clips: null },
        { model: "seedance", durationSeconds: 15, clips: null },
        { model: "seedance", durationSeconds: 16, clips: 2 },
        { model: "seedance", durationSeconds: 31, clips: 3 },
        { model: "seedance", durationSeconds: 60, clips: 4 },
        { model: "seedance-fast", durationSeconds: 45, clips: 3 },
      ];
      for (const { model, durationSeconds, clips } of rows) {
        const created = await client.createRender(KEYS.team1, {
          kind: "video",
          prompt: "x",
          model,
          durationSeconds,
        });
        const record = (await client.poll(KEYS.team1, created.body.id)).body;
        if (clips === null) expect(record, `${model} ${durationSeconds}`).not.toHaveProperty("chain");
        else
          expect(record.chain, `${model} ${durationSeconds}`).toEqual({ clipsReady: 0, clipsTotal: clips });
      }
    });
  });
});

describe.concurrent("§3 stitched renders", () => {
  it.each([
    // charged = rate × seconds (+25% with audio); refund = charged − floor(charged × made / total)
    {
      model: "seedance",
      durationSeconds: 60,
      generateAudio: false,
      charged: 600,
      made: 2,
      total: 4,
      refunded: 300,
    },
    {
      model: "seedance-fast",
      durationSeconds: 45,
      generateAudio: false,
      charged: 270,
      made: 1,
      total: 3,
      refunded: 180,
    },
    {
      model: "seedance",
      durationSeconds: 30,
      generateAudio: true,
      charged: 375,
      made: 1,
      total: 2,
      refunded: 188,
    },
  ])(
    "[partial] $model $durationSeconds s stops after $made of $total clips and refunds $refunded",
    async ({ model, durationSeconds, generateAudio, charged, made, total, refunded }) => {
      await withSimulator({ timeScale: 0.001 }, async (client) => {
        const body = { kind: "video", prompt: "a journey [partial]", model, durationSeconds, generateAudio };
        const created = await client.createRender(KEYS.team1, body);
        expect(created.body.creditsCharged).toBe(charged);
        await client.waitTerminal([created.body.id]);
        const failed = (await client.poll(KEYS.team1, created.body.id)).body;
        expect(failed).toMatchObject({
          status: "failed",
          outputUrl: null,
          errorMessage: `Stitching stopped after ${made} of ${total} clips; the unmade portion was refunded`,
          creditsRefunded: refunded,
          chain: { clipsReady: made, clipsTotal: total },
        });
        expect((await client.account(KEYS.team1)).body.renderCreditsBalance).toBe(5000 - charged + refunded);
      });
    },
  );

  it("ignore [partial] on a render that is not stitched", async () => {
    await withSimulator({ timeScale: 0.001 }, async (client) => {
      const created = await client.createRender(KEYS.team1, {
        kind: "video",
        prompt: "[partial]",
        model: "seedance",
        durationSeconds: 10,
      });
      const [done] = await client.waitTerminal([created.body.id]);
      expect(done?.status).toBe("ready");
    });
  });
});

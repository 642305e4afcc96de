/** Spec §8 (limits) and §5.8 (limits per account, not per key): polling limit and image fair use. */
import { describe, expect, it } from "vitest";
import { RollingWindow, retryAfterSeconds } from "./limits";
import { KEYS, simulatorForTests } from "./test-client";

describe("RollingWindow", () => {
  it("accepts up to the limit within the window, then says when a slot frees", () => {
    const window = new RollingWindow(3, 1000);
    expect(window.tryTake(0)).toEqual({ ok: true });
    expect(window.tryTake(100)).toEqual({ ok: true });
    expect(window.tryTake(200)).toEqual({ ok: true });
    expect(window.tryTake(250)).toEqual({ ok: false, retryAfterMs: 750 });
    expect(window.tryTake(999)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(window.tryTake(1000)).toEqual({ ok: true });
    expect(window.tryTake(1050)).toEqual({ ok: false, retryAfterMs: 50 });
  });

  it("refused takes do not use the budget", () => {
    const window = new RollingWindow(1, 1000);
    window.tryTake(0);
    for (let t = 1; t < 1000; t += 100) expect(window.tryTake(t).ok).toBe(false);
    expect(window.tryTake(1000).ok).toBe(true);
  });

  it("takes several units at once only when all fit, waiting for enough to expire", () => {
    const window = new RollingWindow(5, 1000);
    window.tryTake(0, 2);
    window.tryTake(300, 2);
    expect(window.tryTake(400, 2)).toEqual({ ok: false, retryAfterMs: 600 });
    expect(window.tryTake(400, 1)).toEqual({ ok: true });
  });

  it.each([
    [0, 1],
    [1, 1],
    [1000, 1],
    [1001, 2],
    [59_999, 60],
  ])("Retry-After for %i ms is %i s", (ms, seconds) => {
    expect(retryAfterSeconds(ms)).toBe(seconds);
  });
});

describe("§8 polling limit: 60 polls per minute per account", () => {
  const sim = simulatorForTests();

  async function renderId(key: string = KEYS.team1): Promise<string> {
    return (await sim.client.createRender(key, { kind: "image", prompt: "x" })).body.id;
  }

  it("answers the 61st poll in a minute with 429 and Retry-After", async () => {
    const id = await renderId();
    for (let i = 0; i < 60; i++) expect((await sim.client.poll(KEYS.team1, id)).status).toBe(200);
    const refused = await sim.client.poll(KEYS.team1, id);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: {
        error: {
          code: "rate_limited",
          message: "Polling limit reached: 60 render polls per minute per account",
        },
      },
    });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(40); // 60 s minus the time the test took so far
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts polls across both keys of the account (§5.8)", async () => {
    const id = await renderId();
    for (let i = 0; i < 30; i++) await sim.client.poll(KEYS.team1, id);
    for (let i = 0; i < 30; i++) expect((await sim.client.poll(KEYS.team2, id)).status).toBe(200);
    expect((await sim.client.poll(KEYS.team2, id)).status).toBe(429);
    expect((await sim.client.poll(KEYS.team1, id)).status).toBe(429);
    // Another account has its own budget.
    expect((await sim.client.poll(KEYS.studio, await renderId(KEYS.studio))).status).toBe(200);
  });

  it("counts polls of unknown ids too, and refused polls do not use the budget", async () => {
    for (let i = 0; i < 60; i++) expect((await sim.client.poll(KEYS.team1, "rnd_nope")).status).toBe(404);
    for (let i = 0; i < 3; i++) expect((await sim.client.poll(KEYS.team1, "rnd_nope")).status).toBe(429);
    const { polls } = await sim.client.stats();
    expect(polls).toEqual({ total: 63, rateLimited: 3, maxInAnyMinute: 63, byRender: { rnd_nope: 60 } });
  });

  it("does not limit other endpoints by the polling budget", async () => {
    const id = await renderId();
    for (let i = 0; i < 60; i++) await sim.client.poll(KEYS.team1, id);
    expect((await sim.client.account(KEYS.team1)).status).toBe(200);
    expect((await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "x" })).status).toBe(202);
  });

  it("reports polls per render and the busiest minute per account", async () => {
    const a = await renderId();
    const b = await renderId(KEYS.studio);
    for (let i = 0; i < 3; i++) await sim.client.poll(KEYS.team1, a);
    for (let i = 0; i < 5; i++) await sim.client.poll(KEYS.studio, b);
    const { polls } = await sim.client.stats();
    expect(polls).toEqual({ total: 8, rateLimited: 0, maxInAnyMinute: 5, byRender: { [a]: 3, [b]: 5 } });
  });
});

describe("§8 fair use of image generation", () => {
  // Real time here (time scale 1), so the one-minute window cannot slip by during the test.
  const sim = simulatorForTests({ timeScale: 1 });
  const batch = (imageCount: number) => ({ kind: "image", prompt: "a fox", imageCount });

  it("refuses image variants past 30 a minute with 429, Retry-After and no charge", async () => {
    const accepted = await Promise.all(
      Array.from({ length: 7 }, () => sim.client.createRender(KEYS.team1, batch(4))),
    );
    expect(accepted.map((r) => r.status)).toEqual(Array(7).fill(202));

    const refused = await sim.client.createRender(KEYS.team2, batch(4));
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: {
        error: {
          code: "fair_use_limited",
          message: "Fair-use limit reached: at most 30 image variants per minute per account",
        },
      },
    });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(40); // 60 s minus the time the test took so far
    expect(retryAfter).toBeLessThanOrEqual(60);

    const stats = await sim.client.stats();
    expect(stats.renders).toHaveLength(28);
    expect(stats.creates).toEqual({ total: 8, accepted: 7 });
    expect((await sim.client.account(KEYS.team1)).body.renderCreditsBalance).toBe(5000);

    // The remaining two variants of the budget are still there; then nothing is.
    expect((await sim.client.createRender(KEYS.team1, batch(2))).status).toBe(202);
    expect((await sim.client.createRender(KEYS.team1, batch(1))).status).toBe(429);
    // Videos and other accounts are not affected.
    expect((await sim.client.createRender(KEYS.team1, { kind: "video", prompt: "x" })).status).toBe(202);
    expect((await sim.client.createRender(KEYS.studio, batch(4))).status).toBe(202);
  });
});

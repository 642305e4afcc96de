import { describe, expect, test } from "vitest";
import { estimateCompletion, learnCompletion, type TimingStat } from "@/lib/domain/timing";
import { PollBudget, WINDOW_MS } from "./budget";
import { WATCHED_INTERVAL_MS, errorRetryAt, nextPollAt } from "./policy";

const T0 = 1_000_000;
const trusted = { expectedSeconds: 40, devSeconds: 4, confident: true };
const untrusted = { expectedSeconds: 40, devSeconds: 20, confident: false };

describe("nextPollAt", () => {
  test("a trusted estimate polls once, just after the expected completion", () => {
    expect(nextPollAt({ createdAtMs: T0, nowMs: T0, estimate: trusted, unchangedPolls: 0 })).toBe(
      T0 + 42_000,
    );
  });

  test("a render not done at the first poll is polled once more, two spreads past the expectation", () => {
    const firstPoll = T0 + 42_000;
    expect(nextPollAt({ createdAtMs: T0, nowMs: firstPoll, estimate: trusted, unchangedPolls: 1 })).toBe(
      T0 + 48_000,
    );
  });

  test("when the expected time has passed, it backs off by half again per unchanged poll", () => {
    const now = T0 + 50_000;
    const first = nextPollAt({ createdAtMs: T0, nowMs: now, estimate: trusted, unchangedPolls: 0 }) - now;
    const second = nextPollAt({ createdAtMs: T0, nowMs: now, estimate: trusted, unchangedPolls: 1 }) - now;
    expect(first).toBe(4_000);
    expect(second).toBe(6_000);
  });

  test("without a trusted estimate it probes early and backs off geometrically", () => {
    const delays = [0, 1, 2, 3].map(
      (n) => nextPollAt({ createdAtMs: T0, nowMs: T0, estimate: untrusted, unchangedPolls: n }) - T0,
    );
    expect(delays[0]).toBe(2_000);
    for (let i = 1; i < delays.length; i++) expect(delays[i]! / delays[i - 1]!).toBeCloseTo(1.6);
  });

  test("a stitched chain aims at each clip's expected completion", () => {
    const chainEstimate = { expectedSeconds: 400, devSeconds: 0, confident: true };
    const at = (ready: number) =>
      nextPollAt({
        createdAtMs: T0,
        nowMs: T0,
        estimate: chainEstimate,
        unchangedPolls: 0,
        chain: { ready, total: 4 },
      });
    expect([0, 1, 2, 3].map((ready) => at(ready) - T0)).toEqual([100_000, 200_000, 300_000, 400_000]);
  });

  test("a watched render is polled within 10 s however far its expected completion", () => {
    const slow = { expectedSeconds: 600, devSeconds: 60, confident: true };
    const at = nextPollAt({ createdAtMs: T0, nowMs: T0, estimate: slow, unchangedPolls: 0, watched: true });
    expect(at).toBe(T0 + WATCHED_INTERVAL_MS);
  });

  test("waits stay between 250 ms and 60 s", () => {
    const tiny = { expectedSeconds: 0.01, devSeconds: 0, confident: true };
    const huge = { expectedSeconds: 10_000, devSeconds: 5_000, confident: true };
    const late = T0 + 100_000_000;
    expect(nextPollAt({ createdAtMs: T0, nowMs: late, estimate: tiny, unchangedPolls: 0 }) - late).toBe(250);
    expect(nextPollAt({ createdAtMs: T0, nowMs: late, estimate: huge, unchangedPolls: 9 }) - late).toBe(
      60_000,
    );
  });

  test("errors back off from 2 s, doubling, to at most 60 s", () => {
    expect([1, 2, 3, 10].map((n) => errorRetryAt(T0, n) - T0)).toEqual([2_000, 4_000, 8_000, 60_000]);
  });
});

describe("PollBudget", () => {
  test("never allows more than the budget in any rolling minute", () => {
    const budget = new PollBudget(3);
    const spent: number[] = [];
    let now = 0;
    while (spent.length < 12) {
      if (budget.canSpend(now)) {
        budget.spend();
        budget.settle(now);
        spent.push(now);
      } else {
        now = budget.nextSlotAt(now);
      }
    }
    for (const start of spent) {
      expect(spent.filter((t) => t >= start && t < start + WINDOW_MS).length).toBeLessThanOrEqual(3);
    }
    expect(spent[3]).toBeGreaterThanOrEqual(spent[0]! + WINDOW_MS);
  });

  test("a poll counts until its answer is in, so a slow request cannot share the service's minute with the next", () => {
    const budget = new PollBudget(2);
    budget.spend();
    budget.spend();
    expect(budget.canSpend(T0 + WINDOW_MS * 2)).toBe(false);
    // Sent at T0 but answered 800 ms later: the service may have counted it at any time in between.
    budget.settle(T0 + 800);
    budget.settle(T0 + 900);
    expect(budget.canSpend(T0 + WINDOW_MS)).toBe(false);
    expect(budget.nextSlotAt(T0 + WINDOW_MS)).toBe(T0 + 800 + WINDOW_MS + 1);
    expect(budget.canSpend(T0 + 800 + WINDOW_MS + 1)).toBe(true);
  });

  test("remembers polls spent before a restart", () => {
    const budget = new PollBudget(2, [T0 - 10_000, T0 - 5_000]);
    expect(budget.canSpend(T0)).toBe(false);
    expect(budget.nextSlotAt(T0)).toBe(T0 - 10_000 + WINDOW_MS + 1);
  });
});

describe("learned completion times", () => {
  const image = { kind: "image", prompt: "x", imageModel: "seedream", imageResolution: "2K" } as const;
  const otherImage = { kind: "image", prompt: "x", imageModel: "gpt-image-2" } as const;

  test("start from the typical time, untrusted", () => {
    expect(estimateCompletion(image, new Map())).toEqual({
      expectedSeconds: 30,
      devSeconds: 15,
      confident: false,
    });
  });

  test("a service 50 times faster is learned within three completions, and taught to other models", () => {
    const stats = new Map<string, TimingStat>();
    for (let i = 0; i < 3; i++) learnCompletion(image, 0.6, stats);
    const learned = estimateCompletion(image, stats);
    expect(learned.confident).toBe(true);
    expect(learned.expectedSeconds).toBeCloseTo(0.6, 5);
    // gpt-image-2 has no samples of its own: the image-wide ratio applies (45 s typical / 50).
    expect(estimateCompletion(otherImage, stats).expectedSeconds).toBeCloseTo(0.9, 5);
  });

  test("a trusted broader level beats a specific one with too few samples to trust", () => {
    const stats = new Map<string, TimingStat>();
    for (let i = 0; i < 3; i++) learnCompletion(otherImage, 0.9, stats); // images are 50× faster
    learnCompletion(image, 3, stats); // one seedream 2K sample, 10× faster
    const estimate = estimateCompletion(image, stats);
    expect(estimate.confident).toBe(true);
    // The image-wide ratio (3 samples, then the seedream one folded in) rather than probing anew.
    expect(estimate.expectedSeconds).toBeLessThan(30 / 10);
  });

  test("drifts toward a slower service as completions come in", () => {
    const stats = new Map<string, TimingStat>();
    for (let i = 0; i < 3; i++) learnCompletion(image, 30, stats);
    for (let i = 0; i < 10; i++) learnCompletion(image, 90, stats);
    expect(estimateCompletion(image, stats).expectedSeconds).toBeGreaterThan(85);
  });
});

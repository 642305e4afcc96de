/** The lifecycle planner on its own: timing, markers, refunds and the statuses a moment shows. */
import { describe, expect, it } from "vitest";
import { observe, planLife, plannedOutcome, type LifePlanInput } from "./lifecycle";

const input = (over: Partial<LifePlanInput> = {}): LifePlanInput => ({
  id: "rnd_test",
  createdAt: 1_000_000,
  typicalSeconds: 100,
  timeScale: 1,
  clipsTotal: 1,
  prompt: "a cat",
  creditsCharged: 100,
  ...over,
});

describe("planLife", () => {
  it("is deterministic for an id and creation time", () => {
    expect(planLife(input())).toEqual(planLife(input()));
  });

  it("varies between renders within 80% to 110% of the typical time", () => {
    const totals = Array.from({ length: 200 }, (_, i) => {
      const plan = planLife(input({ id: `rnd_${i}` }));
      return (plan.terminalAt - plan.createdAt) / 100_000;
    });
    expect(Math.min(...totals)).toBeGreaterThanOrEqual(0.8);
    expect(Math.max(...totals)).toBeLessThanOrEqual(1.1);
    expect(new Set(totals).size).toBeGreaterThan(150);
  });

  it("scales every duration by the time scale", () => {
    const slow = planLife(input());
    const fast = planLife(input({ timeScale: 0.02 }));
    expect(fast.terminalAt - fast.createdAt).toBeCloseTo((slow.terminalAt - slow.createdAt) * 0.02, 6);
    expect(fast.runningAt - fast.createdAt).toBeCloseTo((slow.runningAt - slow.createdAt) * 0.02, 6);
  });

  it("spends the first 10% pending", () => {
    const plan = planLife(input());
    expect((plan.runningAt - plan.createdAt) / (plan.terminalAt - plan.createdAt)).toBeCloseTo(0.1, 6);
  });

  it("finishes clips one after another, the last at completion", () => {
    const plan = planLife(input({ clipsTotal: 4 }));
    expect(plan.clipDoneAt).toHaveLength(4);
    expect(plan.clipDoneAt.at(-1)).toBeCloseTo(plan.terminalAt, 6);
    for (let i = 1; i < 4; i++) expect(plan.clipDoneAt[i]).toBeGreaterThan(plan.clipDoneAt[i - 1] as number);
  });
});

describe("plannedOutcome", () => {
  it.each([
    { prompt: "a cat", clips: 1, charged: 50, outcome: { type: "ready" } },
    {
      prompt: "a cat [fail]",
      clips: 1,
      charged: 50,
      outcome: {
        type: "failed",
        clipsMade: 0,
        creditsRefunded: 50,
        errorMessage: "Generation failed: the model could not complete this render",
      },
    },
    {
      prompt: "[FAIL] and [partial]",
      clips: 4,
      charged: 600,
      outcome: {
        type: "failed",
        clipsMade: 0,
        creditsRefunded: 600,
        errorMessage: "Generation failed: the model could not complete this render",
      },
    },
    { prompt: "[partial] one clip", clips: 1, charged: 50, outcome: { type: "ready" } },
    {
      prompt: "[partial]",
      clips: 4,
      charged: 600,
      outcome: {
        type: "failed",
        clipsMade: 2,
        creditsRefunded: 300,
        errorMessage: "Stitching stopped after 2 of 4 clips; the unmade portion was refunded",
      },
    },
    {
      prompt: "[partial]",
      clips: 3,
      charged: 100,
      // 1 of 3 made: the made third is charged rounded down (33), so 67 comes back.
      outcome: {
        type: "failed",
        clipsMade: 1,
        creditsRefunded: 67,
        errorMessage: "Stitching stopped after 1 of 3 clips; the unmade portion was refunded",
      },
    },
  ])("$prompt over $clips clip(s)", ({ prompt, clips, charged, outcome }) => {
    expect(plannedOutcome(prompt, clips, charged)).toEqual(outcome);
  });
});

describe("observe", () => {
  const plan = planLife(input({ clipsTotal: 4 }));
  const at = (share: number) => plan.createdAt + (plan.terminalAt - plan.createdAt) * share;

  it.each([
    { share: 0, documented: "pending", shown: "pending", undocumented: "pending", clips: 0 },
    { share: 0.07, documented: "pending", shown: "pending", undocumented: "queued", clips: 0 },
    { share: 0.2, documented: "running", shown: "running", undocumented: "running", clips: 0 },
    { share: 0.5, documented: "running", shown: "running", undocumented: "running", clips: 1 },
    { share: 0.9, documented: "running", shown: "running", undocumented: "upscaling", clips: 3 },
    { share: 1, documented: "ready", shown: "ready", undocumented: "ready", clips: 4 },
    { share: 2, documented: "ready", shown: "ready", undocumented: "ready", clips: 4 },
  ])("at $share of the way: $documented", ({ share, documented, shown, undocumented, clips }) => {
    expect(observe(plan, at(share), false)).toMatchObject({
      state: documented,
      status: shown,
      clipsReady: clips,
    });
    expect(observe(plan, at(share), true)).toMatchObject({
      state: documented,
      status: undocumented,
      clipsReady: clips,
    });
  });

  it("reports the time of the latest change as updatedAt", () => {
    expect(observe(plan, at(0.05), false).updatedAt).toBe(plan.createdAt);
    expect(observe(plan, at(0.5), false).updatedAt).toBe(plan.clipDoneAt[0]);
    expect(observe(plan, at(3), false).updatedAt).toBe(plan.terminalAt);
  });

  it("fails half way through the first clip a partial chain does not make", () => {
    const partial = planLife(input({ clipsTotal: 4, prompt: "[partial]" }));
    const clip = (partial.clipDoneAt[1] as number) - (partial.clipDoneAt[0] as number);
    expect(partial.clipDoneAt).toHaveLength(2);
    expect(partial.terminalAt).toBeCloseTo((partial.clipDoneAt[1] as number) + clip / 2, 6);
    expect(observe(partial, partial.terminalAt, true)).toMatchObject({
      state: "failed",
      status: "failed",
      clipsReady: 2,
    });
  });

  it("never shows upscaling before a failure", () => {
    const failing = planLife(input({ prompt: "[fail]" }));
    const justBefore = failing.terminalAt - 1e-6;
    expect(observe(failing, justBefore, true).status).toBe("running");
  });
});

import { describe, expect, it } from "vitest";
import { VIDEO_MODELS, durationChoices, type DurationRule } from "@/lib/domain/catalogue";
import { SHORT_DURATION_LIST, durationControl } from "./duration";

describe("durationControl", () => {
  it.each(VIDEO_MODELS.map((m) => [m.id, m.duration] as const))(
    "%s: a long run of whole seconds is a slider over the model's range, a short list a select",
    (_id, rule) => {
      const choices = durationChoices(rule);
      const control = durationControl(rule);
      if (choices.length <= SHORT_DURATION_LIST) {
        expect(control).toEqual({ type: "select", choices });
      } else {
        expect(control).toEqual({ type: "slider", min: rule.min, max: rule.max, step: 1 });
      }
    },
  );

  it("turns seedance's long list of whole seconds into a slider", () => {
    const seedance = VIDEO_MODELS.find((m) => m.id === "seedance")!.duration;
    expect(durationChoices(seedance).length).toBeGreaterThan(SHORT_DURATION_LIST);
    expect(durationControl(seedance)).toEqual({
      type: "slider",
      min: seedance.min,
      max: seedance.max,
      step: 1,
    });
  });

  it("keeps an evenly spaced long list's step, and a short one as choices", () => {
    const everyFive: DurationRule = { type: "snap", min: 5, max: 60, steps: [5, 10, 15, 20, 25, 30, 35, 40] };
    expect(durationControl(everyFive)).toEqual({ type: "slider", min: 5, max: 40, step: 5 });
    const few: DurationRule = { type: "snap", min: 4, max: 8, steps: [4, 6, 8] };
    expect(durationControl(few)).toEqual({ type: "select", choices: [4, 6, 8] });
  });

  it("steps by what reaches every choice when a long list is uneven", () => {
    const uneven: DurationRule = { type: "snap", min: 4, max: 20, steps: [4, 6, 8, 12, 16, 18, 20] };
    const control = durationControl(uneven);
    expect(control).toMatchObject({ type: "slider", min: 4, max: 20, step: 2 });
    if (control.type === "slider")
      for (const s of uneven.steps) expect((s - control.min) % control.step).toBe(0);
  });
});

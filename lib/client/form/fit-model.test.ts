import { describe, expect, it } from "vitest";
import { fitDuration, fitToModels } from "./fit-model";
import { defaultFormValues, type RenderFormValues } from "./values";
import { videoModel } from "@/lib/domain/catalogue";

function video(overrides: Partial<RenderFormValues>): RenderFormValues {
  return { ...defaultFormValues(), kind: "video", ...overrides };
}

describe("fitToModels", () => {
  it("keeps every setting the new model still offers, without a note", () => {
    const before = video({
      model: "veo-3.1",
      durationSeconds: 8,
      resolution: "1080p",
      aspectRatio: "9:16",
      generateAudio: true,
    });
    const { values, notes } = fitToModels(before);
    expect(values).toEqual(before);
    expect(notes).toEqual([]);
  });

  it("resets the resolution seedance-fast does not offer, and says so", () => {
    const { values, notes } = fitToModels(
      video({ model: "seedance-fast", resolution: "1080p", durationSeconds: 10 }),
    );
    expect(values.resolution).toBe("720p");
    expect(values.durationSeconds).toBe(10);
    expect(notes).toEqual([
      { field: "resolution", message: "Resolution reset to 720p: Seedance Fast only offers 720p" },
    ]);
  });

  it("steps 4K down to the nearest resolution veo-3.1-lite offers", () => {
    const { values, notes } = fitToModels(
      video({ model: "veo-3.1-lite", resolution: "4k", durationSeconds: 8 }),
    );
    expect(values.resolution).toBe("1080p");
    expect(notes).toEqual([
      { field: "resolution", message: "Resolution reset to 1080p: Veo 3.1 Lite offers 720p or 1080p" },
    ]);
  });

  it("moves seedance's 480p up to kling's lowest resolution", () => {
    expect(fitToModels(video({ model: "kling", resolution: "480p" })).values.resolution).toBe("720p");
  });

  it.each([
    ["veo-3.1", 10, 8, "Duration reset to 8 s: Veo 3.1 offers 4, 6 or 8 s"],
    ["veo-3.1", 5, 6, "Duration reset to 6 s: Veo 3.1 offers 4, 6 or 8 s"],
    ["kling", 30, 15, "Duration reset to 15 s: Kling offers 5–15 s"],
    ["kling", 4, 5, "Duration reset to 5 s: Kling offers 5–15 s"],
  ] as const)("fits the duration to %s: %i s → %i s", (model, seconds, expected, message) => {
    const { values, notes } = fitToModels(video({ model, durationSeconds: seconds, resolution: "720p" }));
    expect(values.durationSeconds).toBe(expected);
    expect(notes).toEqual([{ field: "durationSeconds", message }]);
  });

  it("keeps a stitched seedance duration when moving to seedance-fast", () => {
    const { values, notes } = fitToModels(
      video({ model: "seedance-fast", durationSeconds: 45, resolution: "720p" }),
    );
    expect(values.durationSeconds).toBe(45);
    expect(notes).toEqual([]);
  });

  it("keeps the gpt-image-2 quality while another image model is chosen, so switching back restores it", () => {
    const { values, notes } = fitToModels({
      ...defaultFormValues(),
      imageModel: "seedream",
      imageQuality: "high",
    });
    expect(values.imageQuality).toBe("high");
    expect(notes).toEqual([]);
  });

  it("does not change the values it was given", () => {
    const before = video({ model: "seedance-fast", resolution: "4k" });
    fitToModels(before);
    expect(before.resolution).toBe("4k");
  });
});

describe("fitDuration", () => {
  it("snaps ties upward like the service", () => {
    expect(fitDuration(videoModel("veo-3.1").duration, 7)).toBe(8);
  });
  it("falls back to the minimum for a missing number", () => {
    expect(fitDuration(videoModel("kling").duration, Number.NaN)).toBe(5);
  });
});

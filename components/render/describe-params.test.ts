import { describe, expect, it } from "vitest";
import { describeParams, requestParams } from "./describe-params";

describe("describeParams", () => {
  it("labels a video request in a stable order, without the prompt", () => {
    const rows = describeParams({
      prompt: "a fox",
      generateAudio: true,
      durationSeconds: 45,
      model: "seedance",
      kind: "video",
      resolution: "720p",
    });
    expect(rows).toEqual([
      { key: "kind", label: "Kind", value: "Video" },
      { key: "model", label: "Model", value: "Seedance" },
      { key: "resolution", label: "Resolution", value: "720p" },
      { key: "durationSeconds", label: "Duration", value: "45 s" },
      { key: "generateAudio", label: "Audio", value: "Yes" },
    ]);
  });

  it("keeps reference URLs as a list and drops empty lists", () => {
    const rows = describeParams({
      kind: "image",
      referenceImageUrls: ["https://x/1.png"],
      referenceVideoUrls: [],
    });
    expect(rows).toContainEqual({
      key: "referenceImageUrls",
      label: "Reference images",
      value: ["https://x/1.png"],
    });
    expect(rows.some((r) => r.key === "referenceVideoUrls")).toBe(false);
  });

  it("shows unknown fields under their own name", () => {
    expect(describeParams({ seed: 42, extra: { a: 1 } })).toEqual([
      { key: "seed", label: "seed", value: "42" },
      { key: "extra", label: "extra", value: '{"a":1}' },
    ]);
  });

  it("falls back to the raw model id when the catalogue does not know it", () => {
    expect(describeParams({ imageModel: "future-model" })).toEqual([
      { key: "imageModel", label: "Model", value: "future-model" },
    ]);
  });
});

describe("requestParams", () => {
  it("fills in the kind and the resolved model when the request left them out", () => {
    expect(requestParams({ kind: "image", model: "seedream", params: { imageCount: 2 } })).toEqual({
      kind: "image",
      imageModel: "seedream",
      imageCount: 2,
    });
  });
  it("keeps what the request said", () => {
    expect(requestParams({ kind: "video", model: "kling", params: { model: "veo-3.1" } })).toEqual({
      kind: "video",
      model: "veo-3.1",
    });
  });
});

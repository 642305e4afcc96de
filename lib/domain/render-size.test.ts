import { describe, expect, it } from "vitest";
import { DEFAULT_IMAGE_ASPECT_RATIO } from "./catalogue";
import { aspectRatioOf, aspectRatioText, sizeLabel } from "./render-size";

describe("aspect ratio of a render's output", () => {
  it("reads the image and video fields of the request as sent", () => {
    expect(aspectRatioOf({ kind: "image", params: { imageAspectRatio: "9:16" } })).toBeCloseTo(9 / 16);
    expect(aspectRatioOf({ kind: "video", params: { aspectRatio: "16:9" } })).toBeCloseTo(16 / 9);
    expect(aspectRatioOf({ kind: "video", params: { aspectRatio: "1:1" } })).toBe(1);
  });

  it("ignores the other kind's field and falls back to the kind's default", () => {
    expect(aspectRatioText({ kind: "image", params: { aspectRatio: "16:9" } })).toBe(
      DEFAULT_IMAGE_ASPECT_RATIO,
    );
    expect(aspectRatioText({ kind: "video", params: { imageAspectRatio: "9:16" } })).toBe("16:9");
  });

  it("treats text that is not a ratio of positive numbers as absent", () => {
    for (const bad of ["wide", "0:9", "16:0", "16/9", 16, null, "-1:2"]) {
      expect(aspectRatioText({ kind: "video", params: { aspectRatio: bad } })).toBe("16:9");
    }
    expect(aspectRatioOf({ kind: "video", params: { aspectRatio: " 4:3 " } })).toBeCloseTo(4 / 3);
  });
});

describe("sizeLabel", () => {
  it("names ratio, resolution and duration of a video", () => {
    const params = { aspectRatio: "9:16", resolution: "1080p", durationSeconds: 10 };
    expect(sizeLabel({ kind: "video", params })).toBe("9:16 · 1080p · 10 s");
  });

  it("names ratio and resolution of an image, never a duration", () => {
    const params = { imageAspectRatio: "1:1", imageResolution: "2K", durationSeconds: 10 };
    expect(sizeLabel({ kind: "image", params })).toBe("1:1 · 2K");
  });

  it("does not repeat a resolution the model label already names", () => {
    const params = { aspectRatio: "16:9", resolution: "1080p", durationSeconds: 5 };
    expect(sizeLabel({ kind: "video", params }, "kling 1080p")).toBe("16:9 · 5 s");
    expect(sizeLabel({ kind: "video", params }, "kling 1080p-pro")).toBe("16:9 · 1080p · 5 s");
  });

  it("leaves out what the request did not state", () => {
    expect(sizeLabel({ kind: "video", params: {} })).toBe("16:9");
  });
});

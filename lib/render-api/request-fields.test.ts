import { describe, expect, it } from "vitest";
import { REQUEST_FIELD_NAMES, fieldFromPath, findRequestField } from "./request-fields";

describe("REQUEST_FIELD_NAMES", () => {
  it("holds every field of the image and video request schemas, once", () => {
    expect([...REQUEST_FIELD_NAMES].sort()).toEqual(
      [
        "kind",
        "prompt",
        "imageModel",
        "imageResolution",
        "imageQuality",
        "imageAspectRatio",
        "imageCount",
        "referenceImageUrls",
        "model",
        "durationSeconds",
        "resolution",
        "aspectRatio",
        "generateAudio",
        "negativePrompt",
        "referenceVideoUrls",
        "referenceAudioUrls",
        // The dashboard's own, resolved before a request is sent.
        "parentIds",
        "referenceRenderIds",
      ].sort(),
    );
  });
});

describe("findRequestField", () => {
  it.each([
    ["negativePrompt must be at most 500 characters", "negativePrompt"],
    ["the prompt inside negativePrompt is not a prompt of its own", "negativePrompt"],
    ["model kling takes no referenceVideoUrls", "referenceVideoUrls"],
    ["imageAspectRatio and aspectRatio", "imageAspectRatio"],
    ["`durationSeconds`: 70 is too long", "durationSeconds"],
    ["reference-image-urls invalid", "referenceImageUrls"],
    ["PROMPT missing", "prompt"],
    ["prompts and promptly are not fields", undefined],
    ["", undefined],
  ])("%j → %j", (text, expected) => {
    expect(findRequestField(text)).toBe(expected);
  });
});

describe("fieldFromPath", () => {
  it.each([
    ["prompt", "prompt"],
    ["body.imageCount", "imageCount"],
    ["/referenceImageUrls/0", "referenceImageUrls"],
    [["body", "referenceAudioUrls", 2], "referenceAudioUrls"],
    ["callbackUrl", "callbackUrl"],
    [["meta", 0], "meta.0"],
    ["  ", undefined],
    [[], undefined],
    [{ name: "prompt" }, undefined],
    [42, "42"],
  ])("%j → %j", (value, expected) => {
    expect(fieldFromPath(value)).toBe(expected);
  });
});

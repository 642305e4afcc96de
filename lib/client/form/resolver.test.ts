import { describe, expect, it } from "vitest";
import { renderFormResolver } from "./resolver";
import { defaultFormValues, type RenderFormValues } from "./values";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

async function resolve(overrides: Partial<RenderFormValues>) {
  return renderFormResolver({ ...defaultFormValues(), ...overrides }, undefined, options);
}

describe("renderFormResolver", () => {
  it("returns the request the server will receive", async () => {
    const result = await resolve({ prompt: "a fox", imageCount: 2 });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      kind: "image",
      prompt: "a fox",
      imageModel: "seedream",
      imageResolution: "2K",
      imageAspectRatio: "9:16",
      imageCount: 2,
    });
  });

  it("puts the shared schema's messages on the form's fields", async () => {
    const result = await resolve({
      kind: "video",
      prompt: " ",
      negativePrompt: "n".repeat(501),
      model: "seedance",
      durationSeconds: 61,
    });
    expect(result.values).toEqual({});
    expect(result.errors.prompt?.message).toBe("prompt is required");
    expect(result.errors.negativePrompt?.message).toBe("negativePrompt must be at most 500 characters");
    expect(result.errors.durationSeconds?.message).toBe(
      "durationSeconds must be between 5 and 60 for seedance",
    );
  });

  it("refuses a prompt past 8,000 characters", async () => {
    const result = await resolve({ prompt: "p".repeat(8001) });
    expect(result.errors.prompt?.message).toBe("prompt must be at most 8000 characters");
  });
});

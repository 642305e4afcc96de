import { describe, expect, it } from "vitest";
import { parseWith, presetCreateSchema, type Preset } from "@/lib/contract";
import { presetBody, presetToFormValues } from "./preset";
import { defaultFormValues, referenceLists, type RenderFormValues } from "./values";

const U = (name: string) => `http://service.test/uploads/${name}`;

function form(overrides: Partial<RenderFormValues>): RenderFormValues {
  return { ...defaultFormValues(), ...overrides };
}

/** A preset as the server answers a save of `values` (the contract's own parse of the body). */
function saved(values: RenderFormValues, includePrompt: boolean): Preset {
  const input = parseWith(presetCreateSchema, presetBody(values, "A preset", includePrompt));
  return { ...input, id: "pst_test", member: null, createdAt: "", updatedAt: "" };
}

/** Every setting away from the defaults, with references on both kinds. */
const SETTINGS: [string, RenderFormValues][] = [
  [
    "a seedance video",
    form({
      kind: "video",
      model: "seedance",
      negativePrompt: "blur, text",
      durationSeconds: 30,
      aspectRatio: "9:16",
      resolution: "1080p",
      generateAudio: true,
      prompt: "Slow dolly along a harbour",
      referenceVideoUrls: [U("b.mp4")],
      referenceImageUrls: [U("a.png")],
    }),
  ],
  [
    "a gpt-image-2 batch",
    form({
      kind: "image",
      prompt: "A red fox in snow",
      imageModel: "gpt-image-2",
      imageResolution: "4K",
      imageQuality: "high",
      imageAspectRatio: "9:16",
      imageCount: 3,
      referenceImageUrls: [U("c.png")],
    }),
  ],
];

/** Another form to apply presets onto: other kind, other settings, its own prompt and references. */
const OTHER = form({
  kind: "video",
  prompt: "What was typed before",
  model: "kling",
  durationSeconds: 12,
  referenceImageUrls: [U("other.png")],
  referenceAudioUrls: [U("other.mp3")],
});

const referencesOf = (values: RenderFormValues) => referenceLists((field) => values[field]);

describe("presets and the form", () => {
  it.each(SETTINGS)("%s: a preset's body carries no references", (_, values) => {
    const body = presetBody(values, "Name", true);
    expect(Object.keys(body).filter((key) => key.startsWith("reference"))).toEqual([]);
    expect(body).toMatchObject({ name: "Name", kind: values.kind, prompt: values.prompt });
    expect(presetBody(values, "Name", false)).not.toHaveProperty("prompt");
  });

  it.each(SETTINGS)("%s: applied with its prompt, the form would send the same request", (_, values) => {
    const applied = presetToFormValues(saved(values, true), OTHER);
    expect(presetBody(applied, "Again", true)).toEqual(presetBody(values, "Again", true));
    expect(referencesOf(applied)).toEqual(referencesOf(OTHER));
  });

  it.each(SETTINGS)("%s: applied without a prompt, the form keeps its own", (_, values) => {
    const preset = saved(values, false);
    expect(preset.prompt).toBeNull();
    const applied = presetToFormValues(preset, OTHER);
    expect(applied.prompt).toBe(OTHER.prompt);
    expect(applied.kind).toBe(values.kind);
    expect(presetBody(applied, "Again", false)).toEqual(presetBody(values, "Again", false));
  });
});

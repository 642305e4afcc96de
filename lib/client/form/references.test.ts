import { describe, expect, it } from "vitest";
import { type ReferenceNote, acceptedReferenceKinds, referenceNotes } from "./references";
import { renderFormSchema } from "./resolver";
import { defaultFormValues, type RenderFormValues } from "./values";

const urls = (n: number, ext: string) =>
  Array.from({ length: n }, (_, i) => `http://service.test/u/${i}.${ext}`);

function values(overrides: Partial<RenderFormValues>): RenderFormValues {
  return { ...defaultFormValues(), prompt: "p", ...overrides };
}

/** The note `referenceNotes` gives about one list, in one tone. */
const note =
  (tone: ReferenceNote["tone"]) =>
  (field: ReferenceNote["field"], message: string): ReferenceNote => ({ field, tone, message });
const warning = note("warning");
const blocking = note("blocking");

describe("referenceNotes", () => {
  it("says nothing while every list fits", () => {
    expect(referenceNotes(values({ referenceImageUrls: urls(10, "png") }))).toEqual([]);
    expect(
      referenceNotes(
        values({
          kind: "video",
          model: "seedance",
          referenceImageUrls: urls(4, "png"),
          referenceVideoUrls: urls(3, "mp4"),
          referenceAudioUrls: urls(3, "mp3"),
        }),
      ),
    ).toEqual([]);
  });

  it("warns that images past a video model's cap will be ignored", () => {
    expect(
      referenceNotes(values({ kind: "video", model: "kling", referenceImageUrls: urls(3, "png") })),
    ).toEqual([
      warning(
        "referenceImageUrls",
        "Kling uses only the first 2 reference images: 1 more image will be ignored.",
      ),
    ]);
  });

  it("warns that references a model takes none of won't be sent", () => {
    expect(
      referenceNotes(
        values({
          kind: "video",
          model: "veo-3.1",
          durationSeconds: 6,
          referenceVideoUrls: urls(1, "mp4"),
          referenceAudioUrls: urls(2, "mp3"),
        }),
      ),
    ).toEqual([
      warning("referenceVideoUrls", "Veo 3.1 takes no reference videos: it won't be sent."),
      warning("referenceAudioUrls", "Veo 3.1 takes no reference audio files: these won't be sent."),
    ]);
    expect(referenceNotes(values({ referenceVideoUrls: urls(2, "mp4") }))).toEqual([
      warning("referenceVideoUrls", "Image renders take no reference videos: these won't be sent."),
    ]);
  });

  it("blocks lists past a cap the server enforces", () => {
    expect(
      referenceNotes(values({ kind: "video", model: "seedance", referenceVideoUrls: urls(4, "mp4") })),
    ).toEqual([
      blocking("referenceVideoUrls", "Seedance takes at most 3 reference videos: remove 1 before starting."),
    ]);
    expect(referenceNotes(values({ referenceImageUrls: urls(11, "png") }))).toEqual([
      blocking("referenceImageUrls", "Seedream takes at most 10 reference images: remove 1 before starting."),
    ]);
  });

  it.each([
    values({ kind: "video", model: "seedance", referenceVideoUrls: urls(4, "mp4") }),
    values({ kind: "video", model: "seedance", referenceAudioUrls: urls(5, "mp3") }),
    values({ kind: "video", model: "kling", referenceVideoUrls: urls(2, "mp4") }),
    values({ referenceImageUrls: urls(11, "png") }),
    values({ kind: "video", model: "kling", referenceImageUrls: urls(51, "png") }),
  ])("marks as blocking exactly what the shared schema refuses (%#)", (form) => {
    const blocking = referenceNotes(form)
      .filter((n) => n.tone === "blocking")
      .map((n) => n.field);
    const parsed = renderFormSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toEqual(blocking);
  });

  it("tells plainly that only the first images are used, and lets 11 through for kling", () => {
    const form = values({ kind: "video", model: "kling", referenceImageUrls: urls(11, "png") });
    expect(referenceNotes(form)).toEqual([
      warning(
        "referenceImageUrls",
        "Kling uses only the first 2 reference images: 9 more images will be ignored.",
      ),
    ]);
    expect(renderFormSchema.safeParse(form).success).toBe(true);
  });

  it("lets warnings through the schema", () => {
    const form = values({
      kind: "video",
      model: "kling",
      referenceImageUrls: urls(5, "png"),
      referenceAudioUrls: urls(1, "mp3"),
    });
    expect(referenceNotes(form).every((n) => n.tone === "warning")).toBe(true);
    expect(renderFormSchema.safeParse(form).success).toBe(true);
  });
});

describe("acceptedReferenceKinds", () => {
  it.each([
    [values({}), ["image"]],
    [values({ kind: "video", model: "kling" }), ["image", "video"]],
    [values({ kind: "video", model: "seedance" }), ["image", "video", "audio"]],
    [values({ kind: "video", model: "seedance-fast" }), ["image"]],
    [values({ kind: "video", model: "veo-3.1" }), ["image"]],
  ])("%# takes %j", (form, kinds) => {
    expect(acceptedReferenceKinds(form)).toEqual(kinds);
  });
});

import { describe, expect, it } from "vitest";
import { REFERENCE_URL_FIELDS } from "@/lib/domain/catalogue";
import { usedReferences } from "./mapper";
import { type ReferenceNote, acceptedReferenceKinds, chosenModelLabel, referenceNotes } from "./references";
import { renderFormSchema } from "./resolver";
import { defaultFormValues, type RenderFormValues } from "./values";

const urls = (n: number, ext: string) =>
  Array.from({ length: n }, (_, i) => `http://service.test/u/${i}.${ext}`);

function values(overrides: Partial<RenderFormValues>): RenderFormValues {
  return { ...defaultFormValues(), prompt: "p", ...overrides };
}

const note = (field: ReferenceNote["field"], message: string): ReferenceNote => ({ field, message });

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

  it("says which entries past a model's cap are ignored", () => {
    expect(
      referenceNotes(values({ kind: "video", model: "kling", referenceImageUrls: urls(3, "png") })),
    ).toEqual([
      note(
        "referenceImageUrls",
        "Kling uses only the first 2 reference images: 1 more is ignored and won't be sent.",
      ),
    ]);
    expect(
      referenceNotes(values({ kind: "video", model: "seedance", referenceVideoUrls: urls(5, "mp4") })),
    ).toEqual([
      note(
        "referenceVideoUrls",
        "Seedance uses only the first 3 reference videos: 2 more are ignored and won't be sent.",
      ),
    ]);
  });

  it("says that references a model takes none of stay but won't be sent", () => {
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
      note("referenceVideoUrls", "Veo 3.1 takes no reference videos: it stays here but won't be sent."),
      note("referenceAudioUrls", "Veo 3.1 takes no reference audio files: they stay here but won't be sent."),
    ]);
    expect(referenceNotes(values({ referenceVideoUrls: urls(2, "mp4") }))).toEqual([
      note("referenceVideoUrls", "Image renders take no reference videos: they stay here but won't be sent."),
    ]);
  });

  it.each([
    values({ kind: "video", model: "seedance", referenceVideoUrls: urls(4, "mp4") }),
    values({ kind: "video", model: "seedance", referenceAudioUrls: urls(5, "mp3") }),
    values({ kind: "video", model: "kling", referenceVideoUrls: urls(2, "mp4") }),
    values({ kind: "video", model: "kling", referenceImageUrls: urls(51, "png") }),
    values({ kind: "video", model: "seedance-fast", referenceAudioUrls: urls(1, "mp3") }),
    values({ referenceImageUrls: urls(11, "png"), referenceVideoUrls: urls(1, "mp4") }),
  ])("never blocks: a form with ignored references passes the shared schema (%#)", (form) => {
    expect(referenceNotes(form)).not.toEqual([]);
    expect(renderFormSchema.safeParse(form).success).toBe(true);
  });

  it("notes exactly the lists the request leaves entries of out", () => {
    const form = values({
      kind: "video",
      model: "kling",
      referenceImageUrls: urls(5, "png"),
      referenceVideoUrls: urls(1, "mp4"),
      referenceAudioUrls: urls(1, "mp3"),
    });
    const used = usedReferences(form);
    const trimmed = Object.values(REFERENCE_URL_FIELDS).filter(
      (field) => used[field].length < form[field].length,
    );
    expect(referenceNotes(form).map((n) => n.field)).toEqual(trimmed);
  });
});

describe("chosenModelLabel", () => {
  it("names the model of the chosen kind", () => {
    const both = values({ imageModel: "gpt-image-2", model: "seedance-fast" });
    expect(chosenModelLabel(both)).toBe("GPT Image 2");
    expect(chosenModelLabel({ ...both, kind: "video" })).toBe("Seedance Fast");
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

import { describe, expect, it } from "vitest";
import { type RenderRequest, renderRequestSchema } from "@/lib/domain/render-request";
import { requestToFormValues } from "./from-render";
import fc from "fast-check";
import { IMAGE_MODELS, REFERENCE_URL_FIELDS, VIDEO_MODELS, findVideoModel } from "@/lib/domain/catalogue";
import { estimateParams, formValuesToRequest, usedReferences } from "./mapper";
import { defaultFormValues, referenceLists, type RenderFormValues } from "./values";

const U = (name: string) => `http://service.test/uploads/${name}`;

function form(overrides: Partial<RenderFormValues>): RenderFormValues {
  return { ...defaultFormValues(), ...overrides };
}

/** A kling video's settings as the form takes them... */
const KLING = { kind: "video", model: "kling", durationSeconds: 10, resolution: "1080p" } as const;
/** ...and as a request or an estimate carries them, with the form's default aspect ratio and audio. */
const KLING_SENT = { ...KLING, aspectRatio: "16:9", generateAudio: false } as const;

/** Every video setting away from the form's defaults, on seedance (the one model that takes 480p). */
const SEEDANCE = {
  kind: "video",
  model: "seedance",
  durationSeconds: 47,
  resolution: "480p",
  aspectRatio: "1:1",
  generateAudio: true,
  negativePrompt: "noise",
} as const;

describe("formValuesToRequest", () => {
  it("sends an image request with the image settings only, the prompt trimmed", () => {
    const request = formValuesToRequest(
      form({
        prompt: "  a red fox \n",
        imageCount: 3,
        negativePrompt: "blur",
        model: "veo-3.1",
        resolution: "4k",
      }),
    );
    expect(request).toEqual({
      kind: "image",
      prompt: "a red fox",
      imageModel: "seedream",
      imageResolution: "2K",
      imageAspectRatio: "9:16",
      imageCount: 3,
    });
  });

  it("sends imageQuality for gpt-image-2 only", () => {
    expect(
      formValuesToRequest(form({ prompt: "x", imageModel: "gpt-image-2", imageQuality: "high" })),
    ).toMatchObject({
      imageQuality: "high",
    });
    expect(
      formValuesToRequest(form({ prompt: "x", imageModel: "nano-banana", imageQuality: "high" })),
    ).not.toHaveProperty("imageQuality");
  });

  it("sends a video request with the video settings, leaving out a blank negative prompt and empty lists", () => {
    const request = formValuesToRequest(form({ ...KLING, prompt: "waves", negativePrompt: "  " }));
    expect(request).toEqual({ ...KLING_SENT, prompt: "waves" });
    expect(Object.keys(request)).not.toContain("negativePrompt");
  });

  it("sends reference videos and audio only to models that take them", () => {
    const refs = {
      referenceImageUrls: [U("a.png")],
      referenceVideoUrls: [U("b.mp4")],
      referenceAudioUrls: [U("c.mp3")],
    };
    const kling = formValuesToRequest(form({ kind: "video", prompt: "x", model: "kling", ...refs }));
    expect(kling).toMatchObject({ referenceImageUrls: [U("a.png")], referenceVideoUrls: [U("b.mp4")] });
    expect(kling).not.toHaveProperty("referenceAudioUrls");

    const seedance = formValuesToRequest(form({ kind: "video", prompt: "x", model: "seedance", ...refs }));
    expect(seedance).toMatchObject(refs);

    const veo = formValuesToRequest(
      form({ kind: "video", prompt: "x", model: "veo-3.1", durationSeconds: 6, ...refs }),
    );
    expect(veo).toMatchObject({ referenceImageUrls: [U("a.png")] });
    expect(veo).not.toHaveProperty("referenceVideoUrls");
    expect(veo).not.toHaveProperty("referenceAudioUrls");

    // An image request never carries video or audio references.
    const image = formValuesToRequest(form({ prompt: "x", ...refs }));
    expect(Object.keys(image)).not.toContain("referenceVideoUrls");
  });

  it("sends only the references the model uses: the first of each list up to its cap", () => {
    const urls = [U("1.png"), U("2.png"), U("3.png")];
    const kling = findVideoModel("kling")!;
    const request = formValuesToRequest(
      form({ kind: "video", prompt: "x", model: "kling", referenceImageUrls: urls }),
    );
    expect(request).toMatchObject({ referenceImageUrls: urls.slice(0, kling.maxReferenceImages) });
  });

  it("sends a request the shared schema accepts, whatever references the form holds (property)", () => {
    const models = [
      ...IMAGE_MODELS.map((m) => ({ kind: "image" as const, imageModel: m.id })),
      ...VIDEO_MODELS.map((m) => ({ kind: "video" as const, model: m.id, durationSeconds: m.duration.max })),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...models),
        fc.nat(60),
        fc.nat(5),
        fc.nat(5),
        (settings, images, videos, audio) => {
          const values = form({
            ...settings,
            prompt: "x",
            referenceImageUrls: Array.from({ length: images }, (_, i) => U(`${i}.png`)),
            referenceVideoUrls: Array.from({ length: videos }, (_, i) => U(`${i}.mp4`)),
            referenceAudioUrls: Array.from({ length: audio }, (_, i) => U(`${i}.mp3`)),
          });
          const request = formValuesToRequest(values);
          expect(renderRequestSchema.safeParse(request).success).toBe(true);
          // What is sent is what the form marks as used, in the form's order.
          const used = usedReferences(values);
          for (const field of Object.values(REFERENCE_URL_FIELDS)) {
            const sent = (request as Partial<Record<typeof field, string[]>>)[field] ?? [];
            expect(sent).toEqual(used[field]);
            expect(values[field].slice(0, sent.length)).toEqual(sent);
          }
        },
      ),
    );
  });
});

describe("requestToFormValues", () => {
  const base = form({
    imageModel: "gpt-image-2",
    imageQuality: "low",
    model: "seedance",
    durationSeconds: 30,
  });

  it("fills the image settings, applies the spec's defaults for omitted fields and keeps the video side", () => {
    const values = requestToFormValues({ kind: "image", prompt: "fox", imageResolution: "4K" }, base);
    expect(values).toEqual({
      ...base,
      kind: "image",
      prompt: "fox",
      imageModel: "seedream",
      imageResolution: "4K",
      imageAspectRatio: "9:16",
      imageCount: 1,
      ...referenceLists(() => []),
    });
  });

  it("fills the video settings and references", () => {
    const request: RenderRequest = {
      ...SEEDANCE,
      prompt: "surf",
      referenceImageUrls: [U("a.png")],
      referenceAudioUrls: [U("v.mp3")],
    };
    // Every field of the request lands in the form field of the same name, the list it leaves out is
    // empty, and the image side is kept.
    expect(requestToFormValues(request, base)).toMatchObject({
      ...request,
      referenceVideoUrls: [],
      imageModel: "gpt-image-2",
      imageQuality: "low",
    });
  });

  it("reads a veo duration as the step the service rendered", () => {
    expect(
      requestToFormValues({ kind: "video", prompt: "x", model: "veo-3.1", durationSeconds: 5 }, base)
        .durationSeconds,
    ).toBe(6);
  });

  it.each<RenderFormValues>([
    form({
      prompt: "a",
      imageModel: "gpt-image-2",
      imageQuality: "high",
      imageResolution: "4K",
      imageCount: 4,
      imageAspectRatio: "16:9",
      referenceImageUrls: [U("1.png"), U("2.png")],
    }),
    form({ prompt: "b", imageModel: "nano-banana-pro", imageResolution: "1K", imageAspectRatio: "1:1" }),
    form({ ...SEEDANCE, prompt: "c", referenceVideoUrls: [U("v.mp4")], referenceAudioUrls: [U("a.wav")] }),
    form({
      kind: "video",
      prompt: "d",
      model: "veo-3.1-lite",
      durationSeconds: 8,
      resolution: "1080p",
      referenceImageUrls: [U("s.png")],
    }),
  ])("round-trips form → request → form for $kind $prompt", (values) => {
    const request = formValuesToRequest(values);
    expect(renderRequestSchema.safeParse(request).success).toBe(true);
    expect(requestToFormValues(request, values)).toEqual(values);
  });
});

describe("estimateParams", () => {
  it("carries the priced settings, not the texts or references", () => {
    const params = estimateParams(
      form({ ...KLING, prompt: "p", negativePrompt: "n", referenceImageUrls: [U("a.png")] }),
    );
    expect(params).toEqual(KLING_SENT);
  });
});

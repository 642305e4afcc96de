/**
 * Every rule of spec §4.2 and §8 as the shared schema applies it, at both edges. The expected values
 * are the spec's, written out here rather than read from the catalogue, so a wrong catalogue fails.
 */
import { describe, expect, test } from "vitest";
import {
  IMAGE_MODELS,
  LIMITS,
  VIDEO_MODELS,
  VIDEO_REFERENCE_LISTS,
  clipCount,
  durationChoices,
  effectiveDuration,
  videoModel,
} from "@/lib/domain/catalogue";
import { effectiveReferenceImages, firstIssue, renderRequestSchema } from "@/lib/domain/render-request";
import { aroundCap } from "@/lib/domain/test-support";

const url = (n: number) => `http://127.0.0.1:4010/files/up_${n}/ref.png`;
const urls = (count: number) => Array.from({ length: count }, (_, i) => url(i));

function check(body: Record<string, unknown>) {
  const result = renderRequestSchema.safeParse(body);
  return result.success
    ? { ok: true as const, data: result.data }
    : { ok: false as const, ...firstIssue(result.error) };
}

const image = (extra: Record<string, unknown> = {}) => ({ kind: "image", prompt: "a fox", ...extra });
const video = (extra: Record<string, unknown> = {}) => ({ kind: "video", prompt: "a wave", ...extra });

describe("common fields", () => {
  test.each([
    ["kind missing", { prompt: "x" }, "kind"],
    ["kind unknown", { kind: "audio", prompt: "x" }, "kind"],
    ["prompt missing", { kind: "image" }, "prompt"],
    ["prompt empty", image({ prompt: "" }), "prompt"],
    ["prompt not text", image({ prompt: 42 }), "prompt"],
    ["prompt of 8,001 characters", image({ prompt: "p".repeat(8001) }), "prompt"],
  ])("%s is refused, naming %s", (_name, body, field) => {
    const result = check(body as Record<string, unknown>);
    expect(result).toMatchObject({ ok: false, field });
    expect(result.ok === false && result.message).toContain(field);
  });

  test("a prompt of exactly 8,000 characters is accepted", () => {
    expect(check(image({ prompt: "p".repeat(8000) })).ok).toBe(true);
  });

  test("unknown fields are dropped, as the service ignores them", () => {
    const result = check(image({ seed: 7, style: "noir" }));
    expect(result).toEqual({ ok: true, data: { kind: "image", prompt: "a fox" } });
  });
});

describe("image parameters", () => {
  const models = ["seedream", "nano-banana", "nano-banana-pro", "gpt-image-2"];
  test.each(models.flatMap((m) => ["1K", "2K", "4K"].map((r) => [m, r])))(
    "%s at %s",
    (imageModel, imageResolution) => {
      expect(check(image({ imageModel, imageResolution })).ok).toBe(true);
    },
  );

  test.each([
    [{ imageModel: "dall-e" }, "imageModel"],
    [{ imageResolution: "8K" }, "imageResolution"],
    [{ imageAspectRatio: "4:3" }, "imageAspectRatio"],
    [{ imageQuality: "ultra", imageModel: "gpt-image-2" }, "imageQuality"],
    [{ imageQuality: "high" }, "imageQuality"],
    [{ imageQuality: "low", imageModel: "nano-banana-pro" }, "imageQuality"],
    [{ imageCount: 0 }, "imageCount"],
    [{ imageCount: 5 }, "imageCount"],
    [{ imageCount: 2.5 }, "imageCount"],
    [{ referenceImageUrls: urls(11) }, "referenceImageUrls"],
    [{ referenceImageUrls: ["not a url"] }, "referenceImageUrls"],
  ])("%j is refused, naming %s", (extra, field) => {
    expect(check(image(extra))).toMatchObject({ ok: false, field });
  });

  test.each([
    [{ imageQuality: "low", imageModel: "gpt-image-2" }],
    [{ imageQuality: "high", imageModel: "gpt-image-2" }],
    [{ imageCount: 1 }],
    [{ imageCount: 4 }],
    [{ imageAspectRatio: "9:16" }],
    [{ imageAspectRatio: "1:1" }],
    [{ imageAspectRatio: "16:9" }],
    [{ referenceImageUrls: urls(10) }],
  ])("%j is accepted", (extra) => {
    expect(check(image(extra)).ok).toBe(true);
  });
});

describe("video parameters", () => {
  const durations: [string, number, number][] = [
    ["kling", 5, 15],
    ["seedance", 5, 60],
    ["seedance-fast", 5, 60],
    ["veo-3.1", 4, 8],
    ["veo-3.1-fast", 4, 8],
    ["veo-3.1-lite", 4, 8],
  ];
  test.each(durations)("%s takes %i to %i seconds, and nothing outside", (model, min, max) => {
    expect(check(video({ model, durationSeconds: min })).ok).toBe(true);
    expect(check(video({ model, durationSeconds: max })).ok).toBe(true);
    expect(check(video({ model, durationSeconds: min - 1 }))).toMatchObject({
      ok: false,
      field: "durationSeconds",
    });
    expect(check(video({ model, durationSeconds: max + 1 }))).toMatchObject({
      ok: false,
      field: "durationSeconds",
    });
  });

  test("a fractional duration is refused", () => {
    expect(check(video({ durationSeconds: 5.5 }))).toMatchObject({ ok: false, field: "durationSeconds" });
  });

  const resolutions: [string, string[], string[]][] = [
    ["kling", ["720p", "1080p", "4k"], ["480p"]],
    ["seedance", ["480p", "720p", "1080p"], ["4k"]],
    ["seedance-fast", ["720p"], ["480p", "1080p", "4k"]],
    ["veo-3.1", ["720p", "1080p", "4k"], ["480p"]],
    ["veo-3.1-fast", ["720p", "1080p", "4k"], ["480p"]],
    ["veo-3.1-lite", ["720p", "1080p"], ["480p", "4k"]],
  ];
  test.each(resolutions)("%s offers %j and refuses %j", (model, allowed, refused) => {
    for (const resolution of allowed) expect(check(video({ model, resolution })).ok).toBe(true);
    for (const resolution of refused) {
      expect(check(video({ model, resolution }))).toMatchObject({ ok: false, field: "resolution" });
    }
  });

  test.each([
    ["kling", true, false],
    ["seedance", true, true],
    ["seedance-fast", false, false],
    ["veo-3.1", false, false],
    ["veo-3.1-fast", false, false],
    ["veo-3.1-lite", false, false],
  ])("%s: reference videos %s, reference audio %s", (model, videos, audio) => {
    expect(check(video({ model, referenceVideoUrls: urls(1) })).ok).toBe(videos);
    expect(check(video({ model, referenceAudioUrls: urls(1) })).ok).toBe(audio);
  });

  test("reference videos and audio above the model's cap are refused", () => {
    expect(check(video({ model: "kling", referenceVideoUrls: urls(2) }))).toMatchObject({
      ok: false,
      field: "referenceVideoUrls",
    });
    expect(check(video({ model: "seedance", referenceAudioUrls: urls(4) }))).toMatchObject({
      ok: false,
      field: "referenceAudioUrls",
    });
  });

  test("extra reference images are accepted; the service drops them, first one kept as start frame", () => {
    const result = check(video({ model: "kling", referenceImageUrls: urls(5) }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(effectiveReferenceImages(result.data)).toEqual(urls(2));
  });

  test.each([
    [{ negativePrompt: "n".repeat(500) }, true],
    [{ negativePrompt: "n".repeat(501) }, false],
    [{ generateAudio: true }, true],
    [{ generateAudio: "yes" }, false],
    [{ aspectRatio: "1:1" }, true],
    [{ aspectRatio: "21:9" }, false],
    [{ model: "sora" }, false],
  ])("%j accepted: %s", (extra, ok) => {
    expect(check(video(extra)).ok).toBe(ok);
  });
});

/**
 * Reference caps, generated from the catalogue: the spec gives no numbers ("not shown", §8), only the
 * rules, so the catalogue's caps are the values and the rules are checked at and around each one.
 * Images past a video model's cap are accepted and dropped (the first `cap` are used); videos and
 * audio past the cap are refused with a message naming the list and the model; the image kind's 10
 * is the spec's hard limit.
 */
describe("reference caps", () => {
  const rows = VIDEO_MODELS.flatMap((model) =>
    VIDEO_REFERENCE_LISTS.flatMap(({ field, cap: capKey }) =>
      aroundCap(model[capKey]).map(([where, count]) => ({
        name: `${model.id}, ${field} × ${count}: ${where} (cap ${model[capKey]})`,
        model: model.id,
        field,
        cap: model[capKey],
        count,
      })),
    ),
  );

  test.each(rows.map((row) => [row.name, row] as const))("%s", (_name, { model, field, cap, count }) => {
    const result = check(video({ model, [field]: urls(count) }));
    if (field === "referenceImageUrls") {
      // Accepted whatever the count up to the abuse bound; only the first `cap` are used.
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (result.ok) expect(effectiveReferenceImages(result.data)).toEqual(urls(Math.min(count, cap)));
    } else if (count <= cap) {
      expect(result.ok, JSON.stringify(result)).toBe(true);
    } else {
      expect(result).toMatchObject({ ok: false, field });
      expect(result.ok === false && result.message).toBe(
        cap === 0
          ? `${field}: ${model} takes no ${field === "referenceVideoUrls" ? "reference videos" : "reference audio"}`
          : `${field} takes at most ${cap} for ${model}`,
      );
    }
  });

  test("kling with 11 reference images → accepted and the render uses 2, the first as start frame", () => {
    const result = check(video({ model: "kling", referenceImageUrls: urls(11) }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(effectiveReferenceImages(result.data)).toEqual([url(0), url(1)]);
  });

  test.each(VIDEO_MODELS.map((m) => m.id))(
    "%s: reference images up to the abuse bound are accepted, one more is refused",
    (model) => {
      const cap = videoModel(model).maxReferenceImages;
      const atBound = check(video({ model, referenceImageUrls: urls(LIMITS.videoReferenceImagesMax) }));
      expect(atBound.ok).toBe(true);
      if (atBound.ok) expect(effectiveReferenceImages(atBound.data)).toEqual(urls(cap));
      const past = check(video({ model, referenceImageUrls: urls(LIMITS.videoReferenceImagesMax + 1) }));
      expect(past).toEqual({
        ok: false,
        field: "referenceImageUrls",
        message: `referenceImageUrls takes at most ${LIMITS.videoReferenceImagesMax} URLs`,
      });
    },
  );

  test.each(VIDEO_MODELS.map((m) => m.id))(
    "%s: reference videos and audio past the cap are refused at any length, naming the model",
    (model) => {
      for (const field of ["referenceVideoUrls", "referenceAudioUrls"] as const) {
        const result = check(video({ model, [field]: urls(LIMITS.videoReferenceImagesMax + 1) }));
        expect(result).toMatchObject({ ok: false, field });
        expect(result.ok === false && result.message).toContain(model);
      }
    },
  );

  test("the abuse bound is above every video model's cap and the image kind's limit", () => {
    for (const model of VIDEO_MODELS) {
      expect(LIMITS.videoReferenceImagesMax).toBeGreaterThan(model.maxReferenceImages);
    }
    expect(LIMITS.videoReferenceImagesMax).toBeGreaterThan(LIMITS.imageReferencesMax);
  });

  const imageRows = IMAGE_MODELS.flatMap((model) =>
    aroundCap(model.maxReferenceImages).map(
      ([where, count]) =>
        [
          `image ${model.id}, referenceImageUrls × ${count}: ${where} (cap ${model.maxReferenceImages})`,
          { model: model.id, cap: model.maxReferenceImages, count },
        ] as const,
    ),
  );
  test.each(imageRows)("%s", (_name, { model, cap, count }) => {
    const result = check(image({ imageModel: model, referenceImageUrls: urls(count) }));
    if (count <= cap) {
      expect(result.ok).toBe(true);
      if (result.ok) expect(effectiveReferenceImages(result.data)).toEqual(urls(count));
    } else {
      expect(result).toEqual({
        ok: false,
        field: "referenceImageUrls",
        message: `referenceImageUrls takes at most ${LIMITS.imageReferencesMax} URLs`,
      });
    }
  });
});

describe("catalogue helpers", () => {
  test.each([
    [4, 4],
    [5, 6],
    [6, 6],
    [7, 8],
    [8, 8],
  ])("veo renders %i s as %i s", (asked, rendered) => {
    expect(effectiveDuration(videoModel("veo-3.1").duration, asked)).toBe(rendered);
  });

  test("the form offers veo 4, 6 and 8 only, kling every second from 5 to 15", () => {
    expect(durationChoices(videoModel("veo-3.1-lite").duration)).toEqual([4, 6, 8]);
    expect(durationChoices(videoModel("kling").duration)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  test.each([
    { model: "seedance", seconds: 15, clips: 1 },
    { model: "seedance", seconds: 16, clips: 2 },
    { model: "seedance", seconds: 45, clips: 3 },
    { model: "seedance", seconds: 60, clips: 4 },
    { model: "seedance-fast", seconds: 30, clips: 2 },
    { model: "kling", seconds: 15, clips: 1 },
  ] as const)("$model for $seconds s is stitched from $clips clip(s)", ({ model, seconds, clips }) => {
    expect(clipCount(videoModel(model).duration, seconds)).toBe(clips);
  });
});

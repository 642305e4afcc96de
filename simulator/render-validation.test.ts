/** Spec §4.2 (render creation) and §8 (limits on request values): every validation rule, table-driven. */
import { describe, expect, it } from "vitest";
import {
  IMAGE_MODELS as CATALOGUE_IMAGE_MODELS,
  LIMITS,
  VIDEO_MODELS as CATALOGUE_VIDEO_MODELS,
  VIDEO_REFERENCE_LISTS,
} from "@/lib/domain/catalogue";
import { aroundCap } from "@/lib/domain/test-support";
import { KEYS, simulatorForTests, type SimClient } from "./test-client";

const sim = simulatorForTests();

type Refs = { images: string[]; videos: string[]; audios: string[]; foreignImage: string };
type RefCounts = { images?: number; videos?: number; audios?: number; foreign?: boolean };

interface Row {
  name: string;
  refs?: RefCounts;
  body: (refs: Refs) => Record<string, unknown>;
  /** Expected 202 fields; `ids` is checked by count. */
  accept?: {
    renderModel: string;
    creditsCharged?: number;
    variants?: number;
    referenceImagesUsed?: number;
    /** The reference images the render kept, in order (the statistics show them). */
    referenceImageUrlsUsed?: (refs: Refs) => string[];
  };
  /** Expected 422 message. */
  reject?: string;
}

async function makeRefs(client: SimClient, counts: RefCounts = {}): Promise<Refs> {
  const many = (kind: "image" | "video" | "audio", n = 0) =>
    Promise.all(Array.from({ length: n }, () => client.uploadUrl(KEYS.team1, kind)));
  return {
    images: await many("image", counts.images),
    videos: await many("video", counts.videos),
    audios: await many("audio", counts.audios),
    foreignImage: counts.foreign ? await client.uploadUrl(KEYS.studio, "image") : "",
  };
}

const image =
  (extra: Record<string, unknown> = {}) =>
  () => ({ kind: "image", prompt: "a red fox", ...extra });
const video =
  (extra: Record<string, unknown> = {}) =>
  () => ({ kind: "video", prompt: "a red fox", ...extra });
const oneOf = (field: string, values: readonly string[], model?: string) =>
  `${field} must be one of ${values.map((v) => `'${v}'`).join(", ")}${model ? ` for ${model}` : ""}`;

const IMAGE_MODELS = ["seedream", "nano-banana", "nano-banana-pro", "gpt-image-2"];
const IMAGE_RESOLUTIONS = ["1K", "2K", "4K"];
/** Spec §4.2's resolution column, written out rather than read from the catalogue under test. */
const VIDEO_RESOLUTIONS: Record<string, string[]> = {
  kling: ["720p", "1080p", "4k"],
  seedance: ["480p", "720p", "1080p"],
  "seedance-fast": ["720p"],
  "veo-3.1": ["720p", "1080p", "4k"],
  "veo-3.1-fast": ["720p", "1080p", "4k"],
  "veo-3.1-lite": ["720p", "1080p"],
};
const DURATIONS: Record<string, [number, number]> = {
  kling: [5, 15],
  seedance: [5, 60],
  "seedance-fast": [5, 60],
  "veo-3.1": [4, 8],
  "veo-3.1-fast": [4, 8],
  "veo-3.1-lite": [4, 8],
};
const VIDEO_MODELS = Object.keys(VIDEO_RESOLUTIONS);
/** A resolution every video model accepts, so duration rows test one thing. */
const ok720 = { resolution: "720p" };

const IMAGE_ROWS: Row[] = [
  { name: "image defaults", body: image(), accept: { renderModel: "seedream 1K", creditsCharged: 0 } },
  ...IMAGE_MODELS.flatMap((model) =>
    IMAGE_RESOLUTIONS.map((res) => ({
      name: `${model} at ${res}`,
      body: image({ imageModel: model, imageResolution: res }),
      accept: { renderModel: `${model} ${res}`, creditsCharged: 0 },
    })),
  ),
  {
    name: "unknown image model",
    body: image({ imageModel: "dalle" }),
    reject: oneOf("imageModel", IMAGE_MODELS),
  },
  {
    name: "unknown image resolution",
    body: image({ imageResolution: "8K" }),
    reject: oneOf("imageResolution", IMAGE_RESOLUTIONS),
  },
  ...["low", "medium", "high"].map((quality) => ({
    name: `gpt-image-2 quality ${quality}`,
    body: image({ imageModel: "gpt-image-2", imageQuality: quality }),
    accept: { renderModel: "gpt-image-2 1K" },
  })),
  ...["seedream", "nano-banana", "nano-banana-pro"].map((model) => ({
    name: `quality refused for ${model}`,
    body: image({ imageModel: model, imageQuality: "high" }),
    reject: `imageQuality applies to gpt-image-2 only, not ${model}`,
  })),
  {
    name: "unknown quality",
    body: image({ imageModel: "gpt-image-2", imageQuality: "ultra" }),
    reject: oneOf("imageQuality", ["low", "medium", "high"]),
  },
  ...["9:16", "1:1", "16:9"].map((ratio) => ({
    name: `image aspect ratio ${ratio}`,
    body: image({ imageAspectRatio: ratio }),
    accept: { renderModel: "seedream 1K" },
  })),
  {
    name: "image aspect ratio 4:3",
    body: image({ imageAspectRatio: "4:3" }),
    reject: oneOf("imageAspectRatio", ["9:16", "1:1", "16:9"]),
  },
  { name: "imageCount 0", body: image({ imageCount: 0 }), reject: "imageCount must be between 1 and 4" },
  {
    name: "imageCount 1",
    body: image({ imageCount: 1 }),
    accept: { renderModel: "seedream 1K", variants: 1 },
  },
  {
    name: "imageCount 4",
    body: image({ imageCount: 4 }),
    accept: { renderModel: "seedream 1K", variants: 4, creditsCharged: 0 },
  },
  { name: "imageCount 5", body: image({ imageCount: 5 }), reject: "imageCount must be between 1 and 4" },
  { name: "imageCount 2.5", body: image({ imageCount: 2.5 }), reject: "imageCount must be a whole number" },
  {
    name: "10 image references",
    refs: { images: 10 },
    body: (r) => image({ referenceImageUrls: r.images })(),
    accept: { renderModel: "seedream 1K", referenceImagesUsed: 10 },
  },
  {
    name: "11 image references",
    refs: { images: 11 },
    body: (r) => image({ referenceImageUrls: r.images })(),
    reject: "referenceImageUrls takes at most 10 URLs",
  },
];

const PROMPT_ROWS: Row[] = [
  {
    name: "prompt of 8000 characters",
    body: () => ({ kind: "image", prompt: "a".repeat(8000) }),
    accept: { renderModel: "seedream 1K" },
  },
  {
    name: "prompt of 8001 characters",
    body: () => ({ kind: "image", prompt: "a".repeat(8001) }),
    reject: "prompt must be at most 8000 characters",
  },
  { name: "prompt missing", body: () => ({ kind: "video" }), reject: "prompt is required" },
  { name: "prompt blank", body: () => ({ kind: "image", prompt: "   " }), reject: "prompt is required" },
  { name: "kind missing", body: () => ({ prompt: "x" }), reject: "kind must be one of 'image', 'video'" },
  {
    name: "kind unknown",
    body: () => ({ kind: "audio", prompt: "x" }),
    reject: "kind must be one of 'image', 'video'",
  },
  {
    name: "unknown fields are ignored",
    body: image({ colour: "blue", seed: 4 }),
    accept: { renderModel: "seedream 1K" },
  },
];

const VIDEO_ROWS: Row[] = [
  { name: "video defaults", body: video(), accept: { renderModel: "kling 720p", creditsCharged: 50 } },
  { name: "unknown video model", body: video({ model: "sora" }), reject: oneOf("model", VIDEO_MODELS) },
  ...VIDEO_MODELS.flatMap((model) =>
    ["480p", "720p", "1080p", "4k"].map((res): Row => {
      const allowed = VIDEO_RESOLUTIONS[model] as string[];
      return allowed.includes(res)
        ? {
            name: `${model} at ${res}`,
            body: video({ model, resolution: res }),
            accept: { renderModel: `${model} ${res}` },
          }
        : {
            name: `${model} refuses ${res}`,
            body: video({ model, resolution: res }),
            reject: oneOf("resolution", allowed, model),
          };
    }),
  ),
  {
    name: "unknown video resolution",
    body: video({ resolution: "8k" }),
    reject: oneOf("resolution", ["480p", "720p", "1080p", "4k"]),
  },
  ...VIDEO_MODELS.flatMap((model) => {
    const [min, max] = DURATIONS[model] as [number, number];
    const outside = `durationSeconds must be between ${min} and ${max} for ${model}`;
    return [
      {
        name: `${model} ${min - 1} s`,
        body: video({ model, ...ok720, durationSeconds: min - 1 }),
        reject: outside,
      },
      {
        name: `${model} ${min} s`,
        body: video({ model, ...ok720, durationSeconds: min }),
        accept: { renderModel: `${model} 720p` },
      },
      {
        name: `${model} ${max} s`,
        body: video({ model, ...ok720, durationSeconds: max }),
        accept: { renderModel: `${model} 720p` },
      },
      {
        name: `${model} ${max + 1} s`,
        body: video({ model, ...ok720, durationSeconds: max + 1 }),
        reject: outside,
      },
    ];
  }),
  {
    name: "fractional duration",
    body: video({ durationSeconds: 5.5 }),
    reject: "durationSeconds must be a whole number of seconds",
  },
  // veo snaps 4..8 to 4, 6 or 8 (ties upward); the debit shows the snapped length (veo-3.1 720p: 30/s).
  ...[
    [4, 4],
    [5, 6],
    [6, 6],
    [7, 8],
    [8, 8],
  ].map(([asked, snapped]) => ({
    name: `veo-3.1 ${asked} s renders as ${snapped} s`,
    body: video({ model: "veo-3.1", ...ok720, durationSeconds: asked }),
    accept: { renderModel: "veo-3.1 720p", creditsCharged: 30 * (snapped as number) },
  })),
  ...VIDEO_MODELS.map((model) => ({
    name: `${model} with generated audio`,
    body: video({ model, ...ok720, generateAudio: true }),
    accept: { renderModel: `${model} 720p` },
  })),
  {
    name: "generateAudio not boolean",
    body: video({ generateAudio: "yes" }),
    reject: "generateAudio must be true or false",
  },
  {
    name: "video aspect ratio 4:3",
    body: video({ aspectRatio: "4:3" }),
    reject: oneOf("aspectRatio", ["9:16", "1:1", "16:9"]),
  },
  {
    name: "negative prompt of 500",
    body: video({ negativePrompt: "n".repeat(500) }),
    accept: { renderModel: "kling 720p" },
  },
  {
    name: "negative prompt of 501",
    body: video({ negativePrompt: "n".repeat(501) }),
    reject: "negativePrompt must be at most 500 characters",
  },
];

/** Which models take reference videos and audio (spec §4.2), and their caps (catalogue, README). */
const VIDEO_REF_ROWS: Row[] = [
  ...VIDEO_MODELS.map((model): Row => {
    const takes = model === "kling" || model === "seedance";
    return {
      name: `${model} ${takes ? "takes" : "refuses"} a reference video`,
      refs: { videos: 1 },
      body: (r) => video({ model, ...ok720, referenceVideoUrls: r.videos })(),
      ...(takes
        ? { accept: { renderModel: `${model} 720p` } }
        : { reject: `referenceVideoUrls: ${model} takes no reference videos` }),
    };
  }),
  ...VIDEO_MODELS.map((model): Row => {
    const takes = model === "seedance";
    return {
      name: `${model} ${takes ? "takes" : "refuses"} reference audio`,
      refs: { audios: 1 },
      body: (r) => video({ model, ...ok720, referenceAudioUrls: r.audios })(),
      ...(takes
        ? { accept: { renderModel: `${model} 720p` } }
        : { reject: `referenceAudioUrls: ${model} takes no reference audio` }),
    };
  }),
  {
    name: "kling takes at most 1 reference video",
    refs: { videos: 2 },
    body: (r) => video({ referenceVideoUrls: r.videos })(),
    reject: "referenceVideoUrls takes at most 1 for kling",
  },
  {
    name: "seedance takes at most 3 reference audio files",
    refs: { audios: 4 },
    body: (r) => video({ model: "seedance", referenceAudioUrls: r.audios })(),
    reject: "referenceAudioUrls takes at most 3 for seedance",
  },
  // Extra reference images are dropped silently (spec §8): accepted, and only the cap is used.
  ...[
    ["kling", 2],
    ["seedance", 4],
    ["seedance-fast", 4],
    ["veo-3.1", 3],
    ["veo-3.1-fast", 3],
    ["veo-3.1-lite", 3],
  ].map(([model, cap]) => ({
    name: `${model} drops reference images past ${cap}`,
    refs: { images: 5 },
    body: (r: Refs) => video({ model, ...ok720, referenceImageUrls: r.images })(),
    accept: { renderModel: `${model} 720p`, referenceImagesUsed: cap as number },
  })),
];

/**
 * Every reference cap of the catalogue, at the cap, one past it and far past it (cap + 10: 11 and
 * more for every model). The spec gives the rules but no numbers (§8: "not shown"), so the caps are
 * read from the catalogue and the rules are checked around each: images past a video model's cap
 * are accepted and only the first `cap` used (the first is the start frame); videos and audio past
 * the cap are refused naming the list and the model; the image kind's 10 is the spec's hard limit.
 */
/** The uploads a row needs, by the kind of each reference list. */
const REF_KIND = { image: "images", video: "videos", audio: "audios" } as const;
const REF_LISTS = VIDEO_REFERENCE_LISTS.map(
  ({ field, cap, noun, kind }) => [field, cap, REF_KIND[kind], noun] as const,
);

const CAP_ROWS: Row[] = [
  ...CATALOGUE_VIDEO_MODELS.flatMap(({ id: model, ...caps }) =>
    REF_LISTS.flatMap(([field, capKey, refKind, noun]) =>
      aroundCap(caps[capKey]).map(([where, count]): Row => {
        const cap = caps[capKey];
        const row = {
          name: `${model}, ${field} × ${count}: ${where} (cap ${cap})`,
          refs: { [refKind]: count },
          body: (r: Refs) => video({ model, ...ok720, [field]: r[refKind] })(),
        };
        if (field === "referenceImageUrls") {
          return {
            ...row,
            accept: {
              renderModel: `${model} 720p`,
              referenceImagesUsed: Math.min(count, cap),
              referenceImageUrlsUsed: (r) => r.images.slice(0, cap),
            },
          };
        }
        if (count <= cap) return { ...row, accept: { renderModel: `${model} 720p`, referenceImagesUsed: 0 } };
        return {
          ...row,
          reject:
            cap === 0 ? `${field}: ${model} takes no ${noun}` : `${field} takes at most ${cap} for ${model}`,
        };
      }),
    ),
  ),
  {
    name: "kling with 11 reference images → 202 and the render used 2, the first as start frame",
    refs: { images: 11 },
    body: (r) => video({ model: "kling", referenceImageUrls: r.images })(),
    accept: {
      renderModel: "kling 720p",
      referenceImagesUsed: 2,
      referenceImageUrlsUsed: (r) => [r.images[0] as string, r.images[1] as string],
    },
  },
  // The only bound on a video render's reference images, against abuse (catalogue LIMITS).
  ...CATALOGUE_VIDEO_MODELS.flatMap(({ id: model, maxReferenceImages: cap }): Row[] => [
    {
      name: `${model}, referenceImageUrls × ${LIMITS.videoReferenceImagesMax}: at the abuse bound, the first ${cap} used`,
      refs: { images: LIMITS.videoReferenceImagesMax },
      body: (r) => video({ model, ...ok720, referenceImageUrls: r.images })(),
      accept: {
        renderModel: `${model} 720p`,
        referenceImagesUsed: cap,
        referenceImageUrlsUsed: (r) => r.images.slice(0, cap),
      },
    },
    {
      name: `${model}, referenceImageUrls × ${LIMITS.videoReferenceImagesMax + 1}: past the abuse bound`,
      refs: { images: LIMITS.videoReferenceImagesMax + 1 },
      body: (r) => video({ model, ...ok720, referenceImageUrls: r.images })(),
      reject: `referenceImageUrls takes at most ${LIMITS.videoReferenceImagesMax} URLs`,
    },
  ]),
  // Videos and audio have no list bound of their own: past the model's cap is refused at any length.
  ...CATALOGUE_VIDEO_MODELS.flatMap(({ id: model, ...caps }) =>
    REF_LISTS.slice(1).map(([field, capKey, refKind, noun]): Row => {
      const cap = caps[capKey];
      const count = LIMITS.videoReferenceImagesMax + 1;
      return {
        name: `${model}, ${field} × ${count}: the model's cap, not a list bound, refuses it (cap ${cap})`,
        refs: { [refKind]: count },
        body: (r) => video({ model, ...ok720, [field]: r[refKind] })(),
        reject:
          cap === 0 ? `${field}: ${model} takes no ${noun}` : `${field} takes at most ${cap} for ${model}`,
      };
    }),
  ),
  ...CATALOGUE_IMAGE_MODELS.flatMap(({ id: model, maxReferenceImages: cap }) =>
    aroundCap(cap).map(([where, count]): Row => ({
      name: `image ${model}, referenceImageUrls × ${count}: ${where} (cap ${cap})`,
      refs: { images: count },
      body: (r) => image({ imageModel: model, referenceImageUrls: r.images })(),
      ...(count <= cap
        ? {
            accept: {
              renderModel: `${model} 1K`,
              referenceImagesUsed: count,
              referenceImageUrlsUsed: (r: Refs) => r.images,
            },
          }
        : { reject: `referenceImageUrls takes at most ${LIMITS.imageReferencesMax} URLs` }),
    })),
  ),
];

const URL_ROWS: Row[] = [
  {
    name: "another account's upload URL",
    refs: { foreign: true },
    body: (r) => image({ referenceImageUrls: [r.foreignImage] })(),
    reject: "referenceImageUrls contains a URL that was not returned by the upload endpoint",
  },
  {
    name: "a URL the upload endpoint never returned",
    body: image({ referenceImageUrls: ["https://example.com/cat.png"] }),
    reject: "referenceImageUrls contains a URL that was not returned by the upload endpoint",
  },
  {
    name: "a foreign URL among good ones, past the cap",
    refs: { images: 2 },
    body: (r) => video({ referenceImageUrls: [...r.images, "https://example.com/cat.png"] })(),
    reject: "referenceImageUrls contains a URL that was not returned by the upload endpoint",
  },
  {
    name: "an unknown reference video URL",
    body: video({ referenceVideoUrls: ["https://example.com/cat.mp4"] }),
    reject: "referenceVideoUrls contains a URL that was not returned by the upload endpoint",
  },
  {
    name: "a video upload used as a reference image",
    refs: { videos: 1 },
    body: (r) => image({ referenceImageUrls: r.videos })(),
    reject: "referenceImageUrls contains a URL of a video upload; it takes image uploads",
  },
  {
    name: "not a URL",
    body: image({ referenceImageUrls: ["cat.png"] }),
    reject: "referenceImageUrls must contain only upload URLs",
  },
  {
    name: "not a list",
    body: image({ referenceImageUrls: "x" }),
    reject: "referenceImageUrls must be a list of upload URLs",
  },
];

describe.each([
  ["image parameters", IMAGE_ROWS],
  ["prompt and kind", PROMPT_ROWS],
  ["video parameters", VIDEO_ROWS],
  ["video references", VIDEO_REF_ROWS],
  ["and §8 reference caps", CAP_ROWS],
  ["reference URLs", URL_ROWS],
])("§4.2 %s", (_, rows) => {
  it.each(rows.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    const refs = await makeRefs(sim.client, row.refs);
    const reply = await sim.client.createRender(KEYS.team1, row.body(refs));
    if (row.reject !== undefined) {
      // The message alone names the field: no separate `field` property, as with the real service.
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 422,
        body: { error: { code: "invalid_request", message: row.reject } },
      });
      expect((await sim.client.account(KEYS.team1)).body.renderCreditsBalance).toBe(5000);
      return;
    }
    const accept = row.accept;
    if (!accept) throw new Error("row without expectation");
    expect(reply.status, reply.text).toBe(202);
    const variants = accept.variants ?? 1;
    expect(reply.body).toEqual({
      id: reply.body.ids[0],
      ids: expect.any(Array),
      batchId: variants > 1 ? expect.stringMatching(/^batch_/) : null,
      kind: row.body(refs).kind,
      status: "pending",
      renderModel: accept.renderModel,
      creditsCharged: accept.creditsCharged ?? expect.any(Number),
    });
    expect(new Set(reply.body.ids).size).toBe(variants);
    if (accept.referenceImagesUsed !== undefined) {
      expect((await sim.client.statsOf(reply.body.id)).referenceImagesUsed).toBe(accept.referenceImagesUsed);
    }
    if (accept.referenceImageUrlsUsed !== undefined) {
      expect((await sim.client.statsOf(reply.body.id)).referenceImageUrlsUsed).toEqual(
        accept.referenceImageUrlsUsed(refs),
      );
    }
  });
});

describe("§4.2 request bodies", () => {
  it("refuses a body that is not JSON with 400 invalid_json", async () => {
    const reply = await sim.client.request("/api/v1/renders", {
      method: "POST",
      key: KEYS.team1,
      headers: { "content-type": "application/json" },
      body: '{"kind":"image",',
    });
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 400,
      body: { error: { code: "invalid_json", message: "Request body is not valid JSON" } },
    });
  });

  it.each([[[]], ["text"], [null], [42]])("refuses the JSON value %j naming kind", async (body) => {
    const reply = await sim.client.createRender(KEYS.team1, body);
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      error: { code: "invalid_request", message: "kind must be one of 'image', 'video'" },
    });
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const reply = await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "x".repeat(1_100_000) });
    expect(reply.status).toBe(413);
    expect(reply.body.error.code).toBe("payload_too_large");
  });

  it("counts creates, accepted or not", async () => {
    await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "x" });
    await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "x", imageCount: 9 });
    expect((await sim.client.stats()).creates).toEqual({ total: 2, accepted: 1 });
  });
});

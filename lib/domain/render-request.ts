/**
 * The render request schema (spec §4.2 field names), built from the model catalogue.
 *
 * One schema serves the render form, the dashboard's route handlers and the simulator, so a value the
 * form accepts is a value the server accepts. Unknown fields are stripped, as the service ignores them.
 * Every issue's path starts with the request field it concerns, and every message names that field.
 */
import { z } from "zod/mini";
import {
  ASPECT_RATIOS,
  DEFAULT_IMAGE_MODEL,
  DEFAULT_VIDEO_MODEL,
  IMAGE_MODEL_IDS,
  IMAGE_QUALITIES,
  IMAGE_RESOLUTIONS,
  LIMITS,
  REFERENCE_URL_FIELDS,
  VIDEO_MODEL_IDS,
  VIDEO_REFERENCE_LISTS,
  VIDEO_RESOLUTIONS,
  imageModel,
  videoModel,
  type ReferenceUrlField,
} from "./catalogue";
import { multiLineText, singleLineText } from "./text";

// zod's mini build: the browser loads this schema with the render form, and mini's functional API
// ships only what is used. Mini carries no default English messages, so every check here names its
// own: the form shows them without any locale loaded.

const oneOf = (field: string, values: readonly string[]) =>
  `${field} must be one of ${values.map((v) => `'${v}'`).join(", ")}`;

const prompt = z.string({ error: "prompt is required" }).check(
  z.refine((s) => s.trim().length > 0, { error: "prompt is required" }),
  z.refine((s) => s.length <= LIMITS.promptMaxChars, {
    error: `prompt must be at most ${LIMITS.promptMaxChars} characters`,
  }),
  multiLineText("prompt"),
);

const referenceUrl = (field: string) =>
  z.url({ error: `${field} must contain only upload URLs` }).check(singleLineText(field));

const referenceList = (field: string) =>
  z.array(referenceUrl(field), { error: `${field} must be a list of upload URLs` });

const boundedReferenceList = (field: string, max: number) =>
  referenceList(field).check(z.maxLength(max, { error: `${field} takes at most ${max} URLs` }));

/**
 * Renders named by id, the dashboard's own fields (never sent to the service): `parentIds`, the
 * renders whose settings this one reuses, and `referenceRenderIds`, renders whose outputs become its
 * references (copied to the service as uploads, as "Use as reference" does).
 */
const renderIdList = (field: string, max: number) =>
  z
    .array(
      z
        .string({ error: `${field} must be a list of render ids` })
        .check(
          z.minLength(1, { error: `${field} must not hold an empty id` }),
          z.maxLength(100),
          singleLineText(field),
        ),
      { error: `${field} must be a list of render ids` },
    )
    .check(z.maxLength(max, { error: `${field} takes at most ${max} render ids` }));

const familyFields = {
  parentIds: z.optional(renderIdList("parentIds", LIMITS.imageReferencesMax)),
  referenceRenderIds: z.optional(renderIdList("referenceRenderIds", LIMITS.imageReferencesMax)),
};

const imageCountRange = `imageCount must be between 1 and ${LIMITS.imageCountMax}`;

export const imageRenderRequestSchema = z
  .object({
    kind: z.literal("image"),
    prompt,
    imageModel: z.optional(z.enum(IMAGE_MODEL_IDS, { error: oneOf("imageModel", IMAGE_MODEL_IDS) })),
    imageResolution: z.optional(
      z.enum(IMAGE_RESOLUTIONS, { error: oneOf("imageResolution", IMAGE_RESOLUTIONS) }),
    ),
    imageQuality: z.optional(z.enum(IMAGE_QUALITIES, { error: oneOf("imageQuality", IMAGE_QUALITIES) })),
    imageAspectRatio: z.optional(z.enum(ASPECT_RATIOS, { error: oneOf("imageAspectRatio", ASPECT_RATIOS) })),
    imageCount: z.optional(
      z
        .int({ error: "imageCount must be a whole number" })
        .check(
          z.minimum(LIMITS.imageCountMin, { error: imageCountRange }),
          z.maximum(LIMITS.imageCountMax, { error: imageCountRange }),
        ),
    ),
    // The spec's hard limit (§4.2, §8): an 11th image is refused, not dropped.
    referenceImageUrls: z.optional(boundedReferenceList("referenceImageUrls", LIMITS.imageReferencesMax)),
    ...familyFields,
  })
  .check(
    z.superRefine((req, ctx) => {
      const model = imageModel(req.imageModel ?? DEFAULT_IMAGE_MODEL);
      if (req.imageQuality !== undefined && model.qualities.length === 0) {
        ctx.addIssue({
          code: "custom",
          path: ["imageQuality"],
          message: `imageQuality applies to gpt-image-2 only, not ${model.id}`,
        });
      }
      if (req.imageResolution !== undefined && !model.resolutions.includes(req.imageResolution)) {
        ctx.addIssue({
          code: "custom",
          path: ["imageResolution"],
          message: oneOf("imageResolution", model.resolutions) + ` for ${model.id}`,
        });
      }
    }),
  );

export const videoRenderRequestSchema = z
  .object({
    kind: z.literal("video"),
    prompt,
    model: z.optional(z.enum(VIDEO_MODEL_IDS, { error: oneOf("model", VIDEO_MODEL_IDS) })),
    durationSeconds: z.optional(z.int({ error: "durationSeconds must be a whole number of seconds" })),
    resolution: z.optional(z.enum(VIDEO_RESOLUTIONS, { error: oneOf("resolution", VIDEO_RESOLUTIONS) })),
    aspectRatio: z.optional(z.enum(ASPECT_RATIOS, { error: oneOf("aspectRatio", ASPECT_RATIOS) })),
    generateAudio: z.optional(z.boolean({ error: "generateAudio must be true or false" })),
    negativePrompt: z.optional(
      z.string({ error: "negativePrompt must be text" }).check(
        z.maxLength(LIMITS.negativePromptMaxChars, {
          error: `negativePrompt must be at most ${LIMITS.negativePromptMaxChars} characters`,
        }),
        multiLineText("negativePrompt"),
      ),
    ),
    // Images past the model's cap are accepted and dropped (§4.2, §8), see `effectiveReferenceImages`;
    // the bound is only against abuse. Videos and audio are bounded by the model's cap, below.
    referenceImageUrls: z.optional(
      boundedReferenceList("referenceImageUrls", LIMITS.videoReferenceImagesMax),
    ),
    referenceVideoUrls: z.optional(referenceList("referenceVideoUrls")),
    referenceAudioUrls: z.optional(referenceList("referenceAudioUrls")),
    ...familyFields,
  })
  .check(
    z.superRefine((req, ctx) => {
      const model = videoModel(req.model ?? DEFAULT_VIDEO_MODEL);
      const { duration } = model;
      if (
        req.durationSeconds !== undefined &&
        (req.durationSeconds < duration.min || req.durationSeconds > duration.max)
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["durationSeconds"],
          message: `durationSeconds must be between ${duration.min} and ${duration.max} for ${model.id}`,
        });
      }
      if (req.resolution !== undefined && !model.resolutions.includes(req.resolution)) {
        ctx.addIssue({
          code: "custom",
          path: ["resolution"],
          message: oneOf("resolution", model.resolutions) + ` for ${model.id}`,
        });
      }
      // Only images are dropped past the cap (spec §8); any longer list of videos or audio is refused,
      // whatever its length, with the model's own cap in the message.
      for (const { field, cap: capKey, noun: what } of VIDEO_REFERENCE_LISTS) {
        if (field === "referenceImageUrls") continue;
        const list = req[field];
        const cap = model[capKey];
        if (!list || list.length === 0) continue;
        if (cap === 0) {
          ctx.addIssue({ code: "custom", path: [field], message: `${field}: ${model.id} takes no ${what}` });
        } else if (list.length > cap) {
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: `${field} takes at most ${cap} for ${model.id}`,
          });
        }
      }
    }),
  );

export const renderRequestSchema = z.discriminatedUnion(
  "kind",
  [imageRenderRequestSchema, videoRenderRequestSchema],
  {
    error: "kind must be one of 'image', 'video'",
  },
);

export type ImageRenderRequest = z.infer<typeof imageRenderRequestSchema>;
export type VideoRenderRequest = z.infer<typeof videoRenderRequestSchema>;
export type RenderRequest = z.infer<typeof renderRequestSchema>;

export interface FieldIssue {
  /** The top-level request field the issue concerns, when there is one. */
  field?: string;
  message: string;
}

/**
 * The first issue of a failed parse, as the one field and message an error response carries. Takes
 * zod's core error, which both builds throw: mini's and classic's `ZodError` alike.
 */
export function firstIssue(error: z.core.$ZodError): FieldIssue {
  const issue = error.issues[0];
  if (!issue) return { message: "invalid request" };
  const head = issue.path[0];
  const field = typeof head === "string" ? head : undefined;
  return field ? { field, message: issue.message } : { message: issue.message };
}

/**
 * Reference image URLs the model will actually use: the first `maxReferenceImages`, in order (for a
 * video, the first is the start frame). A video render's extras are dropped silently (spec §8); an
 * image render never has extras, as the schema refuses more than its cap.
 */
export function effectiveReferenceImages(request: RenderRequest): string[] {
  const urls = request.referenceImageUrls ?? [];
  const cap =
    request.kind === "image"
      ? imageModel(request.imageModel ?? DEFAULT_IMAGE_MODEL).maxReferenceImages
      : videoModel(request.model ?? DEFAULT_VIDEO_MODEL).maxReferenceImages;
  return urls.slice(0, cap);
}

/** Each reference list a request's kind carries, with its URLs (none: empty). */
export function referenceListsOf(request: RenderRequest): [ReferenceUrlField, string[]][] {
  if (request.kind === "image") return [[REFERENCE_URL_FIELDS.image, request.referenceImageUrls ?? []]];
  return Object.values(REFERENCE_URL_FIELDS).map((field) => [field, request[field] ?? []]);
}

/** Every reference URL a request names, whatever its list. */
export function referenceUrlsOf(request: RenderRequest): string[] {
  return referenceListsOf(request).flatMap(([, urls]) => urls);
}

/** The model a request asks for, the kind's default applied (`imageModel` or `model`). */
export function requestedModel(request: RenderRequest): string {
  return request.kind === "image"
    ? (request.imageModel ?? DEFAULT_IMAGE_MODEL)
    : (request.model ?? DEFAULT_VIDEO_MODEL);
}

/** The resolution a request asks for, or null when it leaves the service's default. */
export function requestedResolution(request: RenderRequest): string | null {
  return (request.kind === "image" ? request.imageResolution : request.resolution) ?? null;
}

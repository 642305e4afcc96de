/**
 * The model catalogue: every model the Render Service offers and the options each one accepts.
 *
 * This table is the single source of truth for the render form's choices, the request schema used by
 * the form and the route handlers, and the simulator's validation. Values the spec leaves unstated
 * (reference caps, clip length of stitched renders) are this project's choices, recorded in
 * docs/architecture.md ("Choices where the spec is silent").
 */
import type { UploadKind } from "./uploads";

export const RENDER_KINDS = ["image", "video"] as const;
export type RenderKind = (typeof RENDER_KINDS)[number];

export const ASPECT_RATIOS = ["9:16", "1:1", "16:9"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const IMAGE_RESOLUTIONS = ["1K", "2K", "4K"] as const;
export type ImageResolution = (typeof IMAGE_RESOLUTIONS)[number];

export const IMAGE_QUALITIES = ["low", "medium", "high"] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];

export const VIDEO_RESOLUTIONS = ["480p", "720p", "1080p", "4k"] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

export const LIMITS = {
  promptMaxChars: 8000,
  negativePromptMaxChars: 500,
  imageCountMin: 1,
  imageCountMax: 4,
  imageReferencesMax: 10,
  /**
   * Most reference images a video render may carry. The spec sets no number: images past the model's
   * cap are accepted and dropped silently (§4.2, §8), so 11 for kling must pass. The bound is only
   * against abuse, since an accepted list is looked up URL by URL among the uploads and stored with
   * the request: 50 is far above every video model's cap and the 10 of image renders, so nobody who
   * picked a folder of references is refused, and a full list is a few KB. Reference videos and audio
   * need no such bound: the model's own cap (at most 3) refuses any longer list.
   */
  videoReferenceImagesMax: 50,
} as const;

export interface ImageModel {
  readonly id: string;
  readonly label: string;
  readonly resolutions: readonly ImageResolution[];
  readonly aspectRatios: readonly AspectRatio[];
  /** Quality levels, only for models that take `imageQuality`. */
  readonly qualities: readonly ImageQuality[];
  /** More is refused (422): the spec's hard limit for image renders (§4.2, §8), not dropped. */
  readonly maxReferenceImages: number;
  /** Typical completion time in seconds (spec §1.7: images under a minute). */
  readonly typicalSeconds: number;
}

/** Durations a video model accepts, in whole seconds. */
export type DurationRule =
  | {
      readonly type: "range";
      readonly min: number;
      readonly max: number;
      /** Durations above this are generated as stitched clips of at most `clipSeconds` each. */
      readonly stitchAboveSeconds?: number;
      readonly clipSeconds?: number;
    }
  | {
      /** Any whole second in [min, max] is accepted and snapped to the nearest step (ties go up). */
      readonly type: "snap";
      readonly min: number;
      readonly max: number;
      readonly steps: readonly number[];
    };

export interface VideoModel {
  readonly id: string;
  readonly label: string;
  readonly resolutions: readonly VideoResolution[];
  readonly aspectRatios: readonly AspectRatio[];
  readonly duration: DurationRule;
  readonly supportsAudio: boolean;
  /**
   * Reference images past this are accepted and dropped silently (spec §4.2, §8); the first is the
   * start frame. The request itself may carry up to `LIMITS.videoReferenceImagesMax`.
   */
  readonly maxReferenceImages: number;
  /** More reference videos than this are refused (422); 0 means the model takes none. */
  readonly maxReferenceVideos: number;
  /** More reference audio files than this are refused (422); 0 means the model takes none. */
  readonly maxReferenceAudios: number;
  /** Typical seconds of processing per second of output (spec §1.7: one to several minutes). */
  readonly typicalSecondsPerOutputSecond: number;
}

/**
 * The render request's reference lists (upload URLs), by the kind of upload each holds: the one list
 * of them. An image request carries the first only; a video request any the model takes.
 */
export const REFERENCE_URL_FIELDS = {
  image: "referenceImageUrls",
  video: "referenceVideoUrls",
  audio: "referenceAudioUrls",
} as const satisfies Record<UploadKind, string>;
export type ReferenceUrlField = (typeof REFERENCE_URL_FIELDS)[UploadKind];

/** A video request's reference lists: the request's field, the catalogue's cap on it, what it holds. */
export const VIDEO_REFERENCE_LISTS = [
  { field: REFERENCE_URL_FIELDS.image, cap: "maxReferenceImages", noun: "reference images", kind: "image" },
  { field: REFERENCE_URL_FIELDS.video, cap: "maxReferenceVideos", noun: "reference videos", kind: "video" },
  { field: REFERENCE_URL_FIELDS.audio, cap: "maxReferenceAudios", noun: "reference audio", kind: "audio" },
] as const satisfies readonly { field: string; cap: keyof VideoModel; noun: string; kind: UploadKind }[];

const ALL_IMAGE_RESOLUTIONS = IMAGE_RESOLUTIONS;

export const IMAGE_MODELS = [
  {
    id: "seedream",
    label: "Seedream",
    resolutions: ALL_IMAGE_RESOLUTIONS,
    aspectRatios: ASPECT_RATIOS,
    qualities: [],
    maxReferenceImages: LIMITS.imageReferencesMax,
    typicalSeconds: 30,
  },
  {
    id: "nano-banana",
    label: "Nano Banana",
    resolutions: ALL_IMAGE_RESOLUTIONS,
    aspectRatios: ASPECT_RATIOS,
    qualities: [],
    maxReferenceImages: LIMITS.imageReferencesMax,
    typicalSeconds: 20,
  },
  {
    id: "nano-banana-pro",
    label: "Nano Banana Pro",
    resolutions: ALL_IMAGE_RESOLUTIONS,
    aspectRatios: ASPECT_RATIOS,
    qualities: [],
    maxReferenceImages: LIMITS.imageReferencesMax,
    typicalSeconds: 40,
  },
  {
    id: "gpt-image-2",
    label: "GPT Image 2",
    resolutions: ALL_IMAGE_RESOLUTIONS,
    aspectRatios: ASPECT_RATIOS,
    qualities: IMAGE_QUALITIES,
    maxReferenceImages: LIMITS.imageReferencesMax,
    typicalSeconds: 45,
  },
] as const satisfies readonly ImageModel[];

/** What the three veo models share; Lite lacks 4k. */
const VEO = {
  resolutions: ["720p", "1080p", "4k"],
  aspectRatios: ASPECT_RATIOS,
  duration: { type: "snap", min: 4, max: 8, steps: [4, 6, 8] },
  supportsAudio: true,
  maxReferenceImages: 3,
  maxReferenceVideos: 0,
  maxReferenceAudios: 0,
} as const satisfies Omit<VideoModel, "id" | "label" | "typicalSecondsPerOutputSecond">;

export const VIDEO_MODELS = [
  {
    id: "kling",
    label: "Kling",
    resolutions: ["720p", "1080p", "4k"],
    aspectRatios: ASPECT_RATIOS,
    duration: { type: "range", min: 5, max: 15 },
    supportsAudio: true,
    maxReferenceImages: 2,
    maxReferenceVideos: 1,
    maxReferenceAudios: 0,
    typicalSecondsPerOutputSecond: 12,
  },
  {
    id: "seedance",
    label: "Seedance",
    resolutions: ["480p", "720p", "1080p"],
    aspectRatios: ASPECT_RATIOS,
    duration: { type: "range", min: 5, max: 60, stitchAboveSeconds: 15, clipSeconds: 15 },
    supportsAudio: true,
    maxReferenceImages: 4,
    maxReferenceVideos: 3,
    maxReferenceAudios: 3,
    typicalSecondsPerOutputSecond: 10,
  },
  {
    id: "seedance-fast",
    label: "Seedance Fast",
    resolutions: ["720p"],
    aspectRatios: ASPECT_RATIOS,
    duration: { type: "range", min: 5, max: 60, stitchAboveSeconds: 15, clipSeconds: 15 },
    supportsAudio: true,
    maxReferenceImages: 4,
    maxReferenceVideos: 0,
    maxReferenceAudios: 0,
    typicalSecondsPerOutputSecond: 6,
  },
  { id: "veo-3.1", label: "Veo 3.1", ...VEO, typicalSecondsPerOutputSecond: 20 },
  { id: "veo-3.1-fast", label: "Veo 3.1 Fast", ...VEO, typicalSecondsPerOutputSecond: 10 },
  {
    id: "veo-3.1-lite",
    label: "Veo 3.1 Lite",
    ...VEO,
    resolutions: ["720p", "1080p"],
    typicalSecondsPerOutputSecond: 8,
  },
] as const satisfies readonly VideoModel[];

export type ImageModelId = (typeof IMAGE_MODELS)[number]["id"];
export type VideoModelId = (typeof VIDEO_MODELS)[number]["id"];

export const IMAGE_MODEL_IDS = IMAGE_MODELS.map((m) => m.id) as [ImageModelId, ...ImageModelId[]];
export const VIDEO_MODEL_IDS = VIDEO_MODELS.map((m) => m.id) as [VideoModelId, ...VideoModelId[]];

/** Defaults the spec states (§4.2); every other option is sent explicitly by the form. */
export const DEFAULT_IMAGE_MODEL: ImageModelId = "seedream";
export const DEFAULT_IMAGE_ASPECT_RATIO: AspectRatio = "9:16";
export const DEFAULT_VIDEO_MODEL: VideoModelId = "kling";

export function findImageModel(id: string): ImageModel | undefined {
  return IMAGE_MODELS.find((m) => m.id === id);
}

export function findVideoModel(id: string): VideoModel | undefined {
  return VIDEO_MODELS.find((m) => m.id === id);
}

export function imageModel(id: ImageModelId): ImageModel {
  return IMAGE_MODELS.find((m) => m.id === id) as ImageModel;
}

export function videoModel(id: VideoModelId): VideoModel {
  return VIDEO_MODELS.find((m) => m.id === id) as VideoModel;
}

/** The durations a picker should offer for a model: every step for snapping models, else each second. */
export function durationChoices(rule: DurationRule): number[] {
  if (rule.type === "snap") return [...rule.steps];
  const out: number[] = [];
  for (let s = rule.min; s <= rule.max; s++) out.push(s);
  return out;
}

/** The duration the service actually renders: veo's 4–8 snaps to 4/6/8 (nearest, ties upward). */
export function effectiveDuration(rule: DurationRule, seconds: number): number {
  if (rule.type === "range") return seconds;
  let best = rule.steps[0] ?? seconds;
  // Steps are ascending, so `<=` lets the later (larger) step win a tie.
  for (const step of rule.steps) if (Math.abs(step - seconds) <= Math.abs(best - seconds)) best = step;
  return best;
}

/** Number of clips a render of this duration is stitched from (1 when it is not stitched). */
export function clipCount(rule: DurationRule, seconds: number): number {
  if (rule.type !== "range" || rule.stitchAboveSeconds === undefined || rule.clipSeconds === undefined)
    return 1;
  if (seconds <= rule.stitchAboveSeconds) return 1;
  return Math.ceil(seconds / rule.clipSeconds);
}

/** Typical completion time in seconds for a render, used until the scheduler has learned better. */
export function typicalCompletionSeconds(
  request:
    { kind: "image"; imageModel?: string } | { kind: "video"; model?: string; durationSeconds?: number },
): number {
  if (request.kind === "image") {
    return findImageModel(request.imageModel ?? DEFAULT_IMAGE_MODEL)?.typicalSeconds ?? 40;
  }
  const model = findVideoModel(request.model ?? DEFAULT_VIDEO_MODEL);
  if (!model) return 120;
  const seconds = effectiveDuration(model.duration, request.durationSeconds ?? model.duration.min);
  return Math.round(model.typicalSecondsPerOutputSecond * seconds);
}

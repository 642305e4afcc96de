/**
 * The render form's values: one field per render request field (spec §4.2 names), for both kinds at
 * once, so switching between Image and Video never loses what was set on the other side, and a
 * server error's `field` names a form field directly.
 */
import {
  DEFAULT_IMAGE_ASPECT_RATIO,
  DEFAULT_IMAGE_MODEL,
  DEFAULT_VIDEO_MODEL,
  REFERENCE_URL_FIELDS,
  type AspectRatio,
  type ImageModelId,
  type ImageQuality,
  type ImageResolution,
  type ReferenceUrlField,
  type RenderKind,
  type VideoModelId,
  type VideoResolution,
} from "@/lib/domain/catalogue";

/**
 * The form's values. Its reference lists (upload URLs) are the request's, one field each: images serve
 * both kinds; videos and audio only video models that take them.
 */
export interface RenderFormValues extends Record<ReferenceUrlField, string[]> {
  kind: RenderKind;
  prompt: string;
  // Image
  imageModel: ImageModelId;
  imageResolution: ImageResolution;
  /** Kept while another model is chosen (so switching back restores it), sent only for models with qualities. */
  imageQuality: ImageQuality;
  imageAspectRatio: AspectRatio;
  imageCount: number;
  // Video
  model: VideoModelId;
  durationSeconds: number;
  resolution: VideoResolution;
  aspectRatio: AspectRatio;
  generateAudio: boolean;
  negativePrompt: string;
}

export type RenderFormField = keyof RenderFormValues;

/** The reference lists, by the kind of media they hold (the `kind` of an upload): the request's own. */
export const REFERENCE_FIELDS = REFERENCE_URL_FIELDS;

export type ReferenceKind = keyof typeof REFERENCE_FIELDS;
export type ReferenceField = ReferenceUrlField;

/** The form's reference lists, each made by `list` from its field and the kind of media it holds. */
export function referenceLists(
  list: (field: ReferenceField, kind: ReferenceKind) => string[],
): Record<ReferenceField, string[]> {
  const lists = {} as Record<ReferenceField, string[]>;
  for (const kind of Object.keys(REFERENCE_FIELDS) as ReferenceKind[])
    lists[REFERENCE_FIELDS[kind]] = list(REFERENCE_FIELDS[kind], kind);
  return lists;
}

/**
 * A fresh form. Where the spec states a default (§4.2) the form starts there; elsewhere it starts on
 * the cheapest sensible choice, since every option is sent explicitly.
 */
export function defaultFormValues(): RenderFormValues {
  return {
    kind: "image",
    prompt: "",
    imageModel: DEFAULT_IMAGE_MODEL,
    imageResolution: "2K",
    imageQuality: "medium",
    imageAspectRatio: DEFAULT_IMAGE_ASPECT_RATIO,
    imageCount: 1,
    model: DEFAULT_VIDEO_MODEL,
    durationSeconds: 5,
    resolution: "720p",
    aspectRatio: "16:9",
    generateAudio: false,
    negativePrompt: "",
    ...referenceLists(() => []),
  };
}

const FORM_FIELDS = new Set<string>(Object.keys(defaultFormValues()));

/** The form field a request field (e.g. a server error's `field`) lands on, if the form has one. */
export function formFieldFor(requestField: string | undefined): RenderFormField | undefined {
  return requestField !== undefined && FORM_FIELDS.has(requestField)
    ? (requestField as RenderFormField)
    : undefined;
}

/** Each field's visible label: the form's labels, and the words its messages use for the field. */
const FIELD_LABELS: Record<RenderFormField, string> = {
  kind: "Kind",
  prompt: "Prompt",
  imageModel: "Model",
  imageResolution: "Resolution",
  imageQuality: "Quality",
  imageAspectRatio: "Aspect ratio",
  imageCount: "Variants",
  model: "Model",
  durationSeconds: "Duration",
  resolution: "Resolution",
  aspectRatio: "Aspect ratio",
  generateAudio: "Generate audio",
  negativePrompt: "Negative prompt",
  referenceImageUrls: "Reference images",
  referenceVideoUrls: "Reference videos",
  referenceAudioUrls: "Reference audio",
};

/**
 * A schema or server message as the form shows it: the request field's name that starts it becomes
 * the field's label ("negativePrompt must be…" → "Negative prompt must be…").
 */
export function readableMessage(field: RenderFormField, message: string): string {
  if (!message.startsWith(field)) return message;
  const rest = message.slice(field.length).replace(/^:\s*/, ": ");
  return FIELD_LABELS[field] + rest;
}

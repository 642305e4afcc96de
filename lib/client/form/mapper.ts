/**
 * Form values → render request (spec §4.2 field names).
 *
 * `formValuesToRequest` sends only what the chosen kind and model take, so what the schema checks is
 * exactly what the server receives. The way back, for "edit and run again", is in from-render.ts.
 */
import { LIMITS, findImageModel, findVideoModel } from "@/lib/domain/catalogue";
import type { RenderRequest } from "@/lib/domain/render-request";
import { referenceLists, type ReferenceField, type RenderFormValues } from "./values";

/** The reference lists each kind and model actually takes: how many of each list the request may carry. */
export function referenceCaps(values: RenderFormValues): { image: number; video: number; audio: number } {
  if (values.kind === "image") {
    return {
      image: findImageModel(values.imageModel)?.maxReferenceImages ?? LIMITS.imageReferencesMax,
      video: 0,
      audio: 0,
    };
  }
  const model = findVideoModel(values.model);
  return {
    image: model?.maxReferenceImages ?? 0,
    video: model?.maxReferenceVideos ?? 0,
    audio: model?.maxReferenceAudios ?? 0,
  };
}

/**
 * The references the chosen kind and model use: the first `cap` of each list. The rest stays in the
 * form, marked as ignored (switching to a model that takes it uses it again), and is never sent.
 */
export function usedReferences(values: RenderFormValues): Record<ReferenceField, string[]> {
  const caps = referenceCaps(values);
  return referenceLists((field, kind) => values[field].slice(0, caps[kind]));
}

/** The lists that have entries, so empty lists are left out of the request. */
function nonEmptyLists<K extends string>(lists: Record<K, string[]>): { [P in K]?: string[] } {
  return Object.fromEntries(Object.entries<string[]>(lists).filter(([, list]) => list.length > 0)) as {
    [P in K]?: string[];
  };
}

export function formValuesToRequest(values: RenderFormValues): RenderRequest {
  const prompt = values.prompt.trim();
  const references = usedReferences(values);
  if (values.kind === "image") {
    const model = findImageModel(values.imageModel);
    return {
      kind: "image",
      prompt,
      imageModel: values.imageModel,
      imageResolution: values.imageResolution,
      // Only gpt-image-2 takes a quality; the service refuses it for the others.
      ...(model && model.qualities.length > 0 && { imageQuality: values.imageQuality }),
      imageAspectRatio: values.imageAspectRatio,
      imageCount: values.imageCount,
      ...nonEmptyLists({ referenceImageUrls: references.referenceImageUrls }),
    };
  }
  const negativePrompt = values.negativePrompt.trim();
  return {
    kind: "video",
    prompt,
    model: values.model,
    durationSeconds: values.durationSeconds,
    resolution: values.resolution,
    aspectRatio: values.aspectRatio,
    generateAudio: values.generateAudio,
    ...(negativePrompt !== "" && { negativePrompt }),
    ...nonEmptyLists(references),
  };
}

/**
 * The query of `GET /api/estimate`: the request's settings without its texts and references, which
 * do not change the price (and would make every keystroke a new estimate).
 */
export function estimateParams(values: RenderFormValues): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(formValuesToRequest(values))) {
    if (NOT_PRICED.has(key)) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      params[key] = value;
  }
  return params;
}

const NOT_PRICED = new Set(["prompt", "negativePrompt"]);

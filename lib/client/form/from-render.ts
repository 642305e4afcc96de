/**
 * "Edit and run again": a ledger render's request read back into the form's values. Loaded when the
 * Edit action is used, not with the page (it needs the request schema, which brings zod).
 */
import type { LedgerRender } from "@/lib/contract";
import { DEFAULT_IMAGE_ASPECT_RATIO, DEFAULT_IMAGE_MODEL, DEFAULT_VIDEO_MODEL } from "@/lib/domain/catalogue";
import type { RenderRequest } from "@/lib/domain/render-request";
import { loadContract } from "@/lib/client/contract-loader";
import { fitToModels } from "./fit-model";
import { referenceLists, type RenderFormValues } from "./values";

/**
 * The form filled from a request as sent. Settings of the other kind are kept from `base`; fields the
 * request left out take the service's stated defaults, or `base` where the spec states none. The
 * result fits the catalogue (e.g. a 5 s veo request reads as the 6 s the service rendered).
 */
export function requestToFormValues(request: RenderRequest, base: RenderFormValues): RenderFormValues {
  const common = { ...base, prompt: request.prompt };
  const values: RenderFormValues =
    request.kind === "image"
      ? {
          ...common,
          kind: "image",
          imageModel: request.imageModel ?? DEFAULT_IMAGE_MODEL,
          imageResolution: request.imageResolution ?? base.imageResolution,
          imageQuality: request.imageQuality ?? base.imageQuality,
          imageAspectRatio: request.imageAspectRatio ?? DEFAULT_IMAGE_ASPECT_RATIO,
          imageCount: request.imageCount ?? 1,
          // An image request carries image references only.
          ...referenceLists((_, kind) => (kind === "image" ? (request.referenceImageUrls ?? []) : [])),
        }
      : {
          ...common,
          kind: "video",
          model: request.model ?? DEFAULT_VIDEO_MODEL,
          durationSeconds: request.durationSeconds ?? base.durationSeconds,
          resolution: request.resolution ?? base.resolution,
          aspectRatio: request.aspectRatio ?? base.aspectRatio,
          generateAudio: request.generateAudio ?? false,
          negativePrompt: request.negativePrompt ?? "",
          ...referenceLists((field) => request[field] ?? []),
        };
  return fitToModels(values).values;
}

/** The form's values for `render`, settings of the other kind kept from `base`; or why it no longer fits. */
export async function formValuesFromRender(
  render: Pick<LedgerRender, "kind" | "prompt" | "params">,
  base: RenderFormValues,
): Promise<{ ok: true; values: RenderFormValues } | { ok: false; message: string }> {
  const { renderRequestSchema } = await loadContract();
  const request = renderRequestSchema.safeParse({
    ...render.params,
    kind: render.kind,
    prompt: render.prompt,
  });
  if (!request.success) {
    return { ok: false, message: request.error.issues[0]?.message ?? "The request is no longer valid." };
  }
  return { ok: true, values: requestToFormValues(request.data, base) };
}

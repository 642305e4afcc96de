/**
 * Presets and the form: the form's settings as a preset's body, and a preset read back into the form.
 * Reading back goes through "Reuse settings"' own mapping (from-render.ts); only what a preset leaves
 * out is kept from the form: the references (uploads are per render) and the prompt when it has none.
 */
import type { Preset } from "@/lib/contract";
import type { RenderKind } from "@/lib/domain/catalogue";
import { presetSettings } from "@/lib/domain/presets";
import type { RenderRequest } from "@/lib/domain/render-request";
import { requestToFormValues } from "./from-render";
import { formValuesToRequest } from "./mapper";
import { referenceLists, type RenderFormValues } from "./values";

/** What a preset of the form would hold: kind, model and settings as the request carries them. */
export function presetOf(values: RenderFormValues): Pick<Preset, "kind" | "model" | "settings"> {
  const request = formValuesToRequest(values);
  const model = request.kind === "image" ? values.imageModel : values.model;
  return { kind: request.kind, model, settings: presetSettings(request) };
}

/** The body of `POST /api/presets`: the request the form would send, without references. */
export function presetBody(
  values: RenderFormValues,
  name: string,
  includePrompt: boolean,
): Record<string, unknown> & { name: string; kind: RenderKind } {
  const { kind, settings } = presetOf(values);
  return { kind, ...settings, ...(includePrompt && { prompt: values.prompt.trim() }), name };
}

/** The form with a preset applied: its kind, model and parameters, and its prompt if it has one. */
export function presetToFormValues(preset: Preset, base: RenderFormValues): RenderFormValues {
  const request = {
    ...preset.settings,
    kind: preset.kind,
    prompt: preset.prompt ?? base.prompt,
  } as RenderRequest;
  return {
    ...requestToFormValues(request, base),
    ...referenceLists((field) => base[field]),
  };
}

/** Option lists for the form's selects, built from the model catalogue. */
import {
  IMAGE_MODELS,
  IMAGE_QUALITIES,
  VIDEO_MODELS,
  clipCount,
  durationChoices,
  type AspectRatio,
  type DurationRule,
} from "@/lib/domain/catalogue";
import { resolutionLabel } from "@/lib/client/form";
import type { SelectOption } from "@/components/ui/select-options";

// Short words, so a choice fits a half-width select on a phone.
const ASPECT_NAMES: Record<AspectRatio, string> = { "9:16": "tall", "1:1": "square", "16:9": "wide" };

export const IMAGE_MODEL_OPTIONS: SelectOption[] = IMAGE_MODELS.map((m) => ({ value: m.id, label: m.label }));
export const VIDEO_MODEL_OPTIONS: SelectOption[] = VIDEO_MODELS.map((m) => ({ value: m.id, label: m.label }));
export const QUALITY_OPTIONS: SelectOption[] = IMAGE_QUALITIES.map((q) => ({
  value: q,
  label: q.charAt(0).toUpperCase() + q.slice(1),
}));
export const VARIANT_OPTIONS: SelectOption[] = [1, 2, 3, 4].map((n) => ({ value: n, label: String(n) }));

export function aspectOptions(ratios: readonly AspectRatio[]): SelectOption[] {
  return ratios.map((r) => ({ value: r, label: `${r} · ${ASPECT_NAMES[r]}` }));
}

export function resolutionOptions(resolutions: readonly string[]): SelectOption[] {
  return resolutions.map((r) => ({ value: r, label: resolutionLabel(r) }));
}

/** Every duration the model offers; stitched lengths say how many clips they take. */
export function durationOptions(rule: DurationRule): SelectOption[] {
  return durationChoices(rule).map((s) => {
    const clips = clipCount(rule, s);
    return { value: s, label: clips > 1 ? `${s} s · ${clips} clips` : `${s} s` };
  });
}

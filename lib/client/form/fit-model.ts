/**
 * Making the form's settings fit the chosen models. Switching model keeps every setting the new model
 * still offers and resets only what it does not, saying so in a note, so nothing changes silently.
 */
import {
  IMAGE_RESOLUTIONS,
  VIDEO_RESOLUTIONS,
  durationChoices,
  effectiveDuration,
  findImageModel,
  findVideoModel,
  type DurationRule,
} from "@/lib/domain/catalogue";
import { durationRangeLabel, orList, resolutionLabel } from "./wording";
import type { RenderFormField, RenderFormValues } from "./values";

export interface FitNote {
  field: RenderFormField;
  message: string;
}

export interface FitResult {
  values: RenderFormValues;
  notes: FitNote[];
}

/** The offered value nearest to `current` in the catalogue's order (ties go to the lower one). */
function nearest<T extends string>(order: readonly T[], offered: readonly T[], current: T): T {
  const at = order.indexOf(current);
  let best = offered[0] as T;
  for (const value of offered) {
    if (Math.abs(order.indexOf(value) - at) < Math.abs(order.indexOf(best) - at)) best = value;
  }
  return best;
}

function offersNote(what: string, to: string, modelLabel: string, offered: readonly string[]): string {
  const choices = offered.length === 1 ? `only offers ${offered[0]}` : `offers ${orList(offered)}`;
  return `${what} reset to ${to}: ${modelLabel} ${choices}`;
}

/** The nearest duration the model offers: clamped to its range, then snapped as the service would. */
export function fitDuration(rule: DurationRule, seconds: number): number {
  const whole = Number.isFinite(seconds) ? Math.round(seconds) : rule.min;
  return effectiveDuration(rule, Math.min(rule.max, Math.max(rule.min, whole)));
}

export function fitToModels(input: RenderFormValues): FitResult {
  const values = { ...input };
  const notes: FitNote[] = [];

  const image = findImageModel(values.imageModel);
  if (image) {
    if (!image.resolutions.includes(values.imageResolution)) {
      values.imageResolution = nearest(IMAGE_RESOLUTIONS, image.resolutions, values.imageResolution);
      notes.push({
        field: "imageResolution",
        message: offersNote("Resolution", values.imageResolution, image.label, image.resolutions),
      });
    }
    if (image.qualities.length > 0 && !image.qualities.includes(values.imageQuality)) {
      values.imageQuality = image.qualities[0] ?? values.imageQuality;
    }
    if (!image.aspectRatios.includes(values.imageAspectRatio)) {
      values.imageAspectRatio = image.aspectRatios[0] ?? values.imageAspectRatio;
      notes.push({
        field: "imageAspectRatio",
        message: offersNote("Aspect ratio", values.imageAspectRatio, image.label, image.aspectRatios),
      });
    }
  }

  const video = findVideoModel(values.model);
  if (video) {
    if (!durationChoices(video.duration).includes(values.durationSeconds)) {
      values.durationSeconds = fitDuration(video.duration, values.durationSeconds);
      notes.push({
        field: "durationSeconds",
        message: `Duration reset to ${values.durationSeconds} s: ${video.label} offers ${durationRangeLabel(video.duration)}`,
      });
    }
    if (!video.resolutions.includes(values.resolution)) {
      values.resolution = nearest(VIDEO_RESOLUTIONS, video.resolutions, values.resolution);
      notes.push({
        field: "resolution",
        message: offersNote(
          "Resolution",
          resolutionLabel(values.resolution),
          video.label,
          video.resolutions.map(resolutionLabel),
        ),
      });
    }
    if (!video.aspectRatios.includes(values.aspectRatio)) {
      values.aspectRatio = video.aspectRatios[0] ?? values.aspectRatio;
      notes.push({
        field: "aspectRatio",
        message: offersNote("Aspect ratio", values.aspectRatio, video.label, video.aspectRatios),
      });
    }
    if (values.generateAudio && !video.supportsAudio) {
      values.generateAudio = false;
      notes.push({
        field: "generateAudio",
        message: `Generate audio turned off: ${video.label} makes no audio`,
      });
    }
  }

  return { values, notes };
}

/**
 * Prices as the dashboard learns them. The spec publishes no prices, only that video is charged per
 * second at per-model rates and that images are included in the plan, so a rate is credits per unit
 * (an output second of video, an image) for one price key: every setting that changes the price.
 * docs/architecture.md ("Estimates and the rate card") says which settings those are and why.
 */
import {
  DEFAULT_IMAGE_MODEL,
  DEFAULT_VIDEO_MODEL,
  IMAGE_MODELS,
  VIDEO_MODELS,
  effectiveDuration,
  findVideoModel,
  type RenderKind,
} from "./catalogue";
import { formatCredits } from "./format";
import type { RenderRequest } from "./render-request";

/** One price: a model, a resolution (null: the service's default) and the setting that changes it. */
export interface PriceKey {
  kind: RenderKind;
  model: string;
  resolution: string | null;
  /** Video: "audio" or "silent"; image: the quality (gpt-image-2), or null. */
  setting: string | null;
}

/** The key as one string, `model:resolution:setting`, as the ledger and the rate card name it. */
export function priceKeyId(key: PriceKey): string {
  return [key.model, key.resolution ?? "default", key.setting ?? "default"].join(":");
}

/** The request's price key. A request without `generateAudio` is priced as one without audio. */
export function priceKeyOf(request: RenderRequest): PriceKey {
  if (request.kind === "image") {
    return {
      kind: "image",
      model: request.imageModel ?? DEFAULT_IMAGE_MODEL,
      resolution: request.imageResolution ?? null,
      setting: request.imageQuality ?? null,
    };
  }
  return {
    kind: "video",
    model: request.model ?? DEFAULT_VIDEO_MODEL,
    resolution: request.resolution ?? null,
    setting: request.generateAudio ? "audio" : "silent",
  };
}

/** Units a charge scales with: output seconds (as the service renders them) or images. */
export function priceUnits(request: RenderRequest): number {
  if (request.kind === "image") return request.imageCount ?? 1;
  const rule = findVideoModel(request.model ?? DEFAULT_VIDEO_MODEL)?.duration;
  const asked = request.durationSeconds ?? rule?.min ?? 1;
  return rule ? effectiveDuration(rule, asked) : asked;
}

/** What a request's charge teaches: its price key (and that key's id) and how many units it bought. */
export function pricedRequest(request: RenderRequest): { id: string; key: PriceKey; units: number } {
  const key = priceKeyOf(request);
  return { id: priceKeyId(key), key, units: priceUnits(request) };
}

export const unitName = (kind: RenderKind) => (kind === "image" ? "image" : "s");

/** Every price key the catalogue offers, in the catalogue's order: the rate card's rows. */
export function allPriceKeys(): PriceKey[] {
  const keys: PriceKey[] = [];
  for (const model of VIDEO_MODELS)
    for (const resolution of model.resolutions)
      for (const setting of model.supportsAudio ? ["silent", "audio"] : ["silent"])
        keys.push({ kind: "video", model: model.id, resolution, setting });
  for (const model of IMAGE_MODELS)
    for (const resolution of model.resolutions)
      for (const setting of model.qualities.length > 0 ? model.qualities : [null])
        keys.push({ kind: "image", model: model.id, resolution, setting });
  return keys;
}

/**
 * A learned rate: one charge, `credits` for `units`, standing for the key's price per unit, and how
 * many charges of the key were seen. Kept as the pair, not a quotient, so estimates are exact.
 */
export interface LearnedRate {
  credits: number;
  units: number;
  renders: number;
}

/**
 * The estimate at a learned rate: credits × units / the rate's units, rounded up. The service charges
 * whole credits; a surcharge it rounds (the simulator's audio share) makes a short render's charge a
 * little above the linear price, never below, so rounding up meets the bill.
 */
export function creditsAtRate(rate: Pick<LearnedRate, "credits" | "units">, units: number): number {
  return Math.ceil((rate.credits * units) / rate.units);
}

/** The estimate at a rate card's credits per unit, rounded up to whole credits. */
export function creditsAtCardRate(perUnit: number, units: number): number {
  // The product of a decimal rate can land a hair above a whole number (0.1 × 30).
  return Math.ceil(Math.round(perUnit * units * 1e6) / 1e6);
}

/**
 * Folds one charge into the key's learned rate. The charge with the lowest credits per unit stands
 * for the rate (rounding only ever adds a credit), unless the rate it gives falls short of a new
 * charge: then prices moved (or the earlier charge was the rounded one) and the new charge stands.
 */
export function learnRate(
  previous: LearnedRate | null,
  charge: { credits: number; units: number },
): LearnedRate {
  if (charge.units <= 0) throw new Error("a charge is for at least one unit");
  const renders = (previous?.renders ?? 0) + 1;
  if (!previous) return { ...charge, renders };
  const lower = charge.credits * previous.units < previous.credits * charge.units;
  const shortOfCharge = creditsAtRate(previous, charge.units) < charge.credits;
  return lower || shortOfCharge ? { ...charge, renders } : { ...previous, renders };
}

/** The learned rate in credits per unit, for people to read (the estimate uses the exact pair). */
export const perUnit = (rate: Pick<LearnedRate, "credits" | "units">) => rate.credits / rate.units;

/**
 * A render's estimate beside its charge, for its page: "Estimated ≈ 40 credits, charged 42 credits".
 * `charged` is null while the charge is not known (the create has not answered).
 */
export function estimateAgainstCharge(
  estimate: { credits: number | null; source: string },
  charged: number | null,
): string {
  const estimated =
    estimate.source === "plan"
      ? "Estimated as included in the plan"
      : estimate.credits === null
        ? "Cost unknown before it started"
        : `Estimated ≈ ${formatCredits(estimate.credits)}`;
  return charged === null ? estimated : `${estimated}, charged ${formatCredits(charged)}`;
}

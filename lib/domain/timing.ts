/**
 * Learned completion times. Each render has a typical time from the catalogue; what the service
 * actually takes is kept as a ratio (observed / typical) per timing key and per broader family
 * (model, kind, everything), so one fast image teaches the scheduler about all images until each
 * model has its own samples. This is what lets the same scheduler serve a service 50× faster or
 * slower than the spec's typical times.
 */
import { findVideoModel, effectiveDuration, typicalCompletionSeconds } from "./catalogue";
import { requestedModel, type RenderRequest } from "./render-request";

export interface TimingStat {
  samples: number;
  /** Exponentially weighted mean of observed / typical. */
  ratioMean: number;
  /** Exponentially weighted mean absolute deviation of the ratio. */
  ratioDev: number;
}

export interface CompletionEstimate {
  expectedSeconds: number;
  /** Spread of completion times around the expectation, in seconds. */
  devSeconds: number;
  /** True once enough completions were seen at some level to trust the expectation. */
  confident: boolean;
}

/** Weight of a new observation; recent completions matter most when the service's speed drifts. */
const SMOOTHING = 0.3;
/** Completions needed at a level before its expectation is trusted over probing early. */
const CONFIDENT_SAMPLES = 3;

/** Timing levels from most to least specific, e.g. `video:kling:1080p:10`, `video:kling`, `video`, `*`. */
export function timingLevels(request: RenderRequest): string[] {
  if (request.kind === "image") {
    const model = requestedModel(request);
    return [`image:${model}:${request.imageResolution ?? "default"}`, `image:${model}`, "image", "*"];
  }
  const model = requestedModel(request);
  const rule = findVideoModel(model)?.duration;
  const seconds = rule
    ? effectiveDuration(rule, request.durationSeconds ?? rule.min)
    : request.durationSeconds;
  return [
    `video:${model}:${request.resolution ?? "default"}:${seconds ?? "default"}`,
    `video:${model}`,
    "video",
    "*",
  ];
}

export function estimateCompletion(
  request: RenderRequest,
  stats: ReadonlyMap<string, TimingStat>,
): CompletionEstimate {
  const typical = typicalCompletionSeconds(request);
  const known = timingLevels(request).flatMap((level) => {
    const stat = stats.get(level);
    return stat && stat.samples > 0 ? [stat] : [];
  });
  // The most specific level trusted yet; failing that, the most specific with any samples, untrusted.
  const stat = known.find((s) => s.samples >= CONFIDENT_SAMPLES) ?? known[0];
  if (!stat) return { expectedSeconds: typical, devSeconds: typical * 0.5, confident: false };
  return {
    expectedSeconds: typical * stat.ratioMean,
    devSeconds: typical * stat.ratioDev,
    confident: stat.samples >= CONFIDENT_SAMPLES,
  };
}

function updateStat(stat: TimingStat | undefined, ratio: number): TimingStat {
  if (!stat || stat.samples === 0) return { samples: 1, ratioMean: ratio, ratioDev: ratio * 0.25 };
  const deviation = Math.abs(ratio - stat.ratioMean);
  return {
    samples: stat.samples + 1,
    ratioMean: stat.ratioMean + SMOOTHING * (ratio - stat.ratioMean),
    ratioDev: stat.ratioDev + SMOOTHING * (deviation - stat.ratioDev),
  };
}

/** Folds one observed completion into every level it belongs to; returns the levels changed. */
export function learnCompletion(
  request: RenderRequest,
  observedSeconds: number,
  stats: Map<string, TimingStat>,
): Map<string, TimingStat> {
  const typical = typicalCompletionSeconds(request);
  const ratio = Math.max(observedSeconds, 0.001) / typical;
  const changed = new Map<string, TimingStat>();
  for (const level of timingLevels(request)) {
    const next = updateStat(stats.get(level), ratio);
    stats.set(level, next);
    changed.set(level, next);
  }
  return changed;
}

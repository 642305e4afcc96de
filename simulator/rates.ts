/**
 * Credit prices. The spec says only "per-second, per-model rates" for video and 0 for images on
 * Team, so the numbers here are the simulator's own, chosen to be in proportion to one another
 * (4k costs more than 1080p, lite and fast models cost less) and listed in the README.
 */
import type { VideoModelId, VideoResolution } from "@/lib/domain/catalogue";

/** Credits per second of output, by model and resolution. */
const VIDEO_RATES: Readonly<Record<VideoModelId, Partial<Record<VideoResolution, number>>>> = {
  kling: { "720p": 10, "1080p": 14, "4k": 28 },
  seedance: { "480p": 6, "720p": 10, "1080p": 16 },
  "seedance-fast": { "720p": 6 },
  "veo-3.1": { "720p": 30, "1080p": 40, "4k": 60 },
  "veo-3.1-fast": { "720p": 15, "1080p": 20, "4k": 30 },
  "veo-3.1-lite": { "720p": 8, "1080p": 12 },
};

/** Generated audio adds this share of the video price, rounded up. */
const AUDIO_SURCHARGE = 0.25;

export function videoCost(
  model: VideoModelId,
  resolution: VideoResolution,
  seconds: number,
  audio: boolean,
): number {
  const rate = VIDEO_RATES[model][resolution];
  // The request schema only lets through resolutions the model offers, so a gap here is a table bug.
  if (rate === undefined) throw new Error(`no rate for ${model} ${resolution}`);
  const base = rate * seconds;
  return audio ? base + Math.ceil(base * AUDIO_SURCHARGE) : base;
}

/** Image renders are included in every plan that can use the API. */
export const IMAGE_COST = 0;

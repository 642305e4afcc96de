import { describe, expect, it } from "vitest";
import { VIDEO_MODELS } from "./catalogue";
import {
  allPriceKeys,
  creditsAtCardRate,
  creditsAtRate,
  estimateAgainstCharge,
  learnRate,
  priceKeyId,
  priceKeyOf,
  priceUnits,
  type LearnedRate,
} from "./rates";
import type { RenderRequest } from "./render-request";

const video = (patch: Partial<Extract<RenderRequest, { kind: "video" }>>): RenderRequest => ({
  kind: "video",
  prompt: "a harbour",
  model: "kling",
  resolution: "1080p",
  durationSeconds: 10,
  ...patch,
});

/** A linear price with a surcharge share rounded up, as a service charging whole credits might. */
const charged = (perSecond: number, seconds: number, surcharge: number) =>
  perSecond * seconds + Math.ceil(perSecond * seconds * surcharge);

const learnAll = (charges: { credits: number; units: number }[]) =>
  charges.reduce<LearnedRate | null>((rate, charge) => learnRate(rate, charge), null) as LearnedRate;

describe("price keys", () => {
  it("tell audio from silent and every resolution, but not durations", () => {
    const base = priceKeyId(priceKeyOf(video({})));
    expect(priceKeyId(priceKeyOf(video({ generateAudio: true })))).not.toBe(base);
    expect(priceKeyId(priceKeyOf(video({ resolution: "720p" })))).not.toBe(base);
    expect(priceKeyId(priceKeyOf(video({ durationSeconds: 5 })))).toBe(base);
    expect(priceKeyId(priceKeyOf(video({ generateAudio: false })))).toBe(base);
  });

  it("tell image qualities apart and count images as units", () => {
    const low = { kind: "image", prompt: "p", imageModel: "gpt-image-2", imageQuality: "low" } as const;
    expect(priceKeyId(priceKeyOf({ ...low, imageQuality: "high" }))).not.toBe(priceKeyId(priceKeyOf(low)));
    expect(priceUnits({ ...low, imageCount: 3 })).toBe(3);
  });

  it("count the seconds the service renders (veo snaps 5 s to 6 s)", () => {
    expect(priceUnits(video({ model: "veo-3.1", durationSeconds: 5 }))).toBe(6);
  });

  it("cover every model, resolution and audio setting once", () => {
    const ids = allPriceKeys().map(priceKeyId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const model of VIDEO_MODELS)
      for (const resolution of model.resolutions)
        expect(ids).toContain(priceKeyId({ kind: "video", model: model.id, resolution, setting: "audio" }));
  });
});

describe("learned rates", () => {
  it("a 10 s charge prices every other duration of the same key exactly", () => {
    const rate = learnRate(null, { credits: 140, units: 10 });
    for (const seconds of [5, 7, 15]) expect(creditsAtRate(rate, seconds)).toBe(14 * seconds);
  });

  it("with a rounded-up surcharge, the lowest charge per unit stands and meets every bill", () => {
    // 12 s is a charge the rounding leaves exact (12 × rate × 0.25 is whole), whatever came before.
    for (const perSecond of [6, 10, 14, 15, 28]) {
      const charges = [5, 13, 6, 12, 7].map((s) => ({ credits: charged(perSecond, s, 0.25), units: s }));
      const rate = learnAll(charges);
      expect(rate.renders).toBe(charges.length);
      for (let s = 4; s <= 15; s++) expect(creditsAtRate(rate, s)).toBe(charged(perSecond, s, 0.25));
    }
  });

  it("a later charge above what the rate predicts replaces it (prices went up)", () => {
    const before = learnAll([{ credits: 100, units: 10 }]);
    const after = learnRate(before, { credits: 60, units: 5 });
    expect(creditsAtRate(after, 10)).toBe(120);
    expect(after.renders).toBe(2);
  });

  it("a later lower charge per unit replaces it (prices went down)", () => {
    const after = learnAll([
      { credits: 100, units: 10 },
      { credits: 40, units: 5 },
    ]);
    expect(creditsAtRate(after, 10)).toBe(80);
  });

  it("a zero charge learns a zero rate", () => {
    expect(creditsAtRate(learnRate(null, { credits: 0, units: 2 }), 4)).toBe(0);
  });
});

describe("card rates", () => {
  it("round up to whole credits without float noise", () => {
    expect(creditsAtCardRate(0.1, 30)).toBe(3);
    expect(creditsAtCardRate(0.1, 31)).toBe(4);
    expect(creditsAtCardRate(17.5, 5)).toBe(88);
    expect(creditsAtCardRate(14, 10)).toBe(140);
  });
});

describe("estimate against charge", () => {
  it("puts the number estimated beside the number charged", () => {
    expect(estimateAgainstCharge({ credits: 40, source: "history" }, 42)).toBe(
      "Estimated ≈ 40 credits, charged 42 credits",
    );
    expect(estimateAgainstCharge({ credits: null, source: "none" }, 70)).toBe(
      "Cost unknown before it started, charged 70 credits",
    );
    expect(estimateAgainstCharge({ credits: 0, source: "plan" }, null)).toBe(
      "Estimated as included in the plan",
    );
  });
});

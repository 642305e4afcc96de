import { describe, expect, it } from "vitest";
import {
  FIT,
  MAX_SCALE,
  ZOOM_STEP,
  boxPoint,
  clampView,
  panBy,
  viewTransform,
  wheelFactor,
  zoomAt,
  zoomPercent,
  type BoxPoint,
  type View,
} from "./zoom";

/** Where an image point (box units at scale 1, from the centre) lands on screen under a view. */
const onScreen = (view: View, imagePoint: BoxPoint): BoxPoint => ({
  x: view.x + imagePoint.x * view.scale,
  y: view.y + imagePoint.y * view.scale,
});
/** The image point under a screen point. */
const underPoint = (view: View, at: BoxPoint): BoxPoint => ({
  x: (at.x - view.x) / view.scale,
  y: (at.y - view.y) / view.scale,
});

describe("zoomAt", () => {
  it("zooms around the centre by default, leaving the image centred", () => {
    expect(zoomAt(FIT, ZOOM_STEP)).toEqual({ scale: ZOOM_STEP, x: 0, y: 0 });
  });

  it("keeps the image point under the pointer where it was", () => {
    const pointer = { x: 0.3, y: -0.2 };
    let view = FIT;
    for (const factor of [1.5, 2, 1.1, 0.8]) {
      const before = underPoint(view, pointer);
      view = zoomAt(view, factor, pointer);
      const after = onScreen(view, before);
      expect(after.x).toBeCloseTo(pointer.x, 10);
      expect(after.y).toBeCloseTo(pointer.y, 10);
    }
  });

  it("stays between fit and the largest zoom, and zooming out to fit recentres", () => {
    expect(zoomAt(FIT, 0.5)).toEqual(FIT);
    expect(zoomAt({ scale: MAX_SCALE, x: 0, y: 0 }, 3).scale).toBe(MAX_SCALE);
    const zoomed = zoomAt(FIT, 4, { x: 0.4, y: 0.4 });
    expect(zoomed.x).not.toBe(0);
    expect(zoomAt(zoomed, 1 / 8, { x: -0.1, y: 0.2 })).toEqual(FIT);
  });

  it("undoes itself: in then out at the same point returns to the same view", () => {
    const start = zoomAt(FIT, 3, { x: 0.1, y: 0.1 });
    const back = zoomAt(zoomAt(start, 2, { x: -0.2, y: 0.3 }), 0.5, { x: -0.2, y: 0.3 });
    expect(back.scale).toBeCloseTo(start.scale, 10);
    expect(back.x).toBeCloseTo(start.x, 10);
    expect(back.y).toBeCloseTo(start.y, 10);
  });
});

describe("panBy and clampView", () => {
  it("does not pan an image that fits", () => {
    expect(panBy(FIT, 0.3, -0.3)).toEqual(FIT);
  });

  it("pans a zoomed image until its edge meets the box's edge", () => {
    const zoomed = zoomAt(FIT, 3); // the image is three boxes wide: it may move one box either way
    expect(panBy(zoomed, 0.25, -0.5)).toEqual({ scale: 3, x: 0.25, y: -0.5 });
    expect(panBy(zoomed, 5, -5)).toEqual({ scale: 3, x: 1, y: -1 });
  });

  it("brings a view from elsewhere (another box, an old state) within limits", () => {
    expect(clampView({ scale: 0.2, x: 1, y: -1 })).toEqual(FIT);
    expect(clampView({ scale: 100, x: 0, y: 0 }).scale).toBe(MAX_SCALE);
  });
});

describe("wheelFactor", () => {
  it("zooms in on a wheel turned away from the reader, out towards them, evenly", () => {
    expect(wheelFactor(-100, 0)).toBeGreaterThan(1);
    expect(wheelFactor(100, 0)).toBeLessThan(1);
    expect(wheelFactor(-100, 0) * wheelFactor(100, 0)).toBeCloseTo(1, 10);
  });

  it("reads line and page deltas as pixels, and caps one event's step", () => {
    expect(wheelFactor(-3, 1)).toBeCloseTo(wheelFactor(-48, 0), 10);
    expect(wheelFactor(-1, 2)).toBe(wheelFactor(-10_000, 0));
  });
});

describe("boxPoint, viewTransform, zoomPercent", () => {
  it("measures a pointer from the box's centre in box units", () => {
    const rect = { left: 100, top: 50, width: 400, height: 200 };
    expect(boxPoint(300, 150, rect)).toEqual({ x: 0, y: 0 });
    expect(boxPoint(100, 250, rect)).toEqual({ x: -0.5, y: 0.5 });
    expect(boxPoint(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });

  it("writes a view as CSS and as a percentage", () => {
    expect(viewTransform({ scale: 2, x: 0.25, y: -0.5 })).toBe("translate(25%, -50%) scale(2)");
    expect(zoomPercent({ scale: 1.5625, x: 0, y: 0 })).toBe("156%");
  });
});

import { describe, expect, it } from "vitest";
import {
  DRAG_THRESHOLD,
  UNFRAMED,
  centreOn,
  imageToBox,
  isInBox,
  pinFromGesture,
  pointerToImage,
  pointerToImageClamped,
  spanRect,
  type ClientRect,
  type Framing,
  type Size,
} from "./pin-geometry";

const BOXES: ClientRect[] = [
  { left: 0, top: 0, width: 1440, height: 900 },
  { left: 37, top: 120, width: 390, height: 500 },
  { left: 10, top: 10, width: 300, height: 300 },
];
const MEDIA: Size[] = [
  { width: 1024, height: 1024 },
  { width: 1920, height: 1080 },
  { width: 720, height: 1280 },
  { width: 3000, height: 400 },
];
// Views as the compare page's zoom makes them: an offset within (scale − 1) / 2 of the centre.
const VIEWS: Framing[] = [UNFRAMED, { scale: 2.5, x: 0.3, y: -0.2 }, { scale: 8, x: -3.1, y: 2.4 }];
const POINTS = [
  { x: 0.5, y: 0.5 },
  { x: 0.1, y: 0.9 },
  { x: 0.73, y: 0.22 },
  { x: 0, y: 1 },
];

/** The client coordinates of a position in a box. */
const toClient = (box: ClientRect, position: { left: number; top: number }) => ({
  x: box.left + position.left * box.width,
  y: box.top + position.top * box.height,
});

/** The image's shown rectangle in the box at scale 1, measured the way a browser lays out `contain`. */
function containRect(box: Size, media: Size) {
  const scale = Math.min(box.width / media.width, box.height / media.height);
  const width = media.width * scale;
  const height = media.height * scale;
  return { left: (box.width - width) / 2, top: (box.height - height) / 2, width, height };
}

describe("a pin and back", () => {
  for (const box of BOXES) {
    for (const media of MEDIA) {
      for (const view of VIEWS) {
        it(`lands where it was placed: ${box.width}×${box.height} box, ${media.width}×${media.height} image, ×${view.scale}`, () => {
          for (const point of POINTS) {
            const shown = imageToBox(point, box, media, view);
            const client = toClient(box, shown);
            if (!isInBox(shown)) continue;
            const back = pointerToImage(client.x, client.y, box, media, view);
            expect(back?.x).toBeCloseTo(point.x, 9);
            expect(back?.y).toBeCloseTo(point.y, 9);
          }
        });
      }
    }
  }
});

describe("pointerToImage", () => {
  it("reads a pointer against the image as the browser lays it out, letterboxed", () => {
    for (const box of BOXES) {
      for (const media of MEDIA) {
        const shown = containRect(box, media);
        const corner = pointerToImage(box.left + shown.left, box.top + shown.top, box, media);
        expect(corner?.x).toBeCloseTo(0, 9);
        expect(corner?.y).toBeCloseTo(0, 9);
        const far = pointerToImage(
          box.left + shown.left + shown.width,
          box.top + shown.top + shown.height,
          box,
          media,
        );
        expect(far?.x).toBeCloseTo(1, 9);
        expect(far?.y).toBeCloseTo(1, 9);
      }
    }
  });

  it("places nothing on the bars beside a letterboxed image", () => {
    const box = BOXES[0]!;
    const tall = MEDIA[2]!;
    const shown = containRect(box, tall);
    expect(shown.left).toBeGreaterThan(1);
    expect(pointerToImage(box.left + shown.left / 2, box.top + box.height / 2, box, tall)).toBeNull();
    const wide = MEDIA[3]!;
    const bars = containRect(box, wide);
    expect(pointerToImage(box.left + box.width / 2, box.top + bars.top / 2, box, wide)).toBeNull();
  });

  it("finds the same image point on two screens of different sizes", () => {
    const media = MEDIA[1]!;
    const [desktop, phone] = [BOXES[0]!, BOXES[1]!];
    const pin = pointerToImage(desktop.left + 900, desktop.top + 300, desktop, media)!;
    const onPhone = imageToBox(pin, phone, media);
    const phoneShown = containRect(phone, media);
    const desktopShown = containRect(desktop, media);
    // The same share of the shown image across and down on both.
    expect((onPhone.left * phone.width - phoneShown.left) / phoneShown.width).toBeCloseTo(
      (900 - desktopShown.left) / desktopShown.width,
      9,
    );
    expect((onPhone.top * phone.height - phoneShown.top) / phoneShown.height).toBeCloseTo(
      (300 - desktopShown.top) / desktopShown.height,
      9,
    );
  });
});

describe("imageToBox", () => {
  it("moves a pin out of the box when the view pans away from it", () => {
    const box = BOXES[0]!;
    const media = MEDIA[0]!;
    const zoomedOnRight = { scale: 6, x: -2.5, y: 0 };
    expect(isInBox(imageToBox({ x: 0.05, y: 0.5 }, box, media, zoomedOnRight))).toBe(false);
    expect(isInBox(imageToBox({ x: 0.05, y: 0.5 }, box, media, UNFRAMED))).toBe(true);
  });
});

describe("centreOn", () => {
  it("brings a pin to the box's centre when the view's limits allow", () => {
    for (const media of MEDIA) {
      const box = BOXES[1]!;
      const view = centreOn({ x: 0.6, y: 0.4 }, box, media, 4);
      const shown = imageToBox({ x: 0.6, y: 0.4 }, box, media, view);
      expect(shown.left).toBeCloseTo(0.5, 9);
      expect(shown.top).toBeCloseTo(0.5, 9);
    }
  });

  it("keeps a pin at an edge in view, as far as panning can go", () => {
    const box = BOXES[2]!;
    const media = MEDIA[0]!;
    const view = centreOn({ x: 0, y: 1 }, box, media, 2);
    expect(isInBox(imageToBox({ x: 0, y: 1 }, box, media, view))).toBe(true);
  });
});

describe("gestures", () => {
  it("takes a short drag as a point and a longer one as a rectangle, whichever way it went", () => {
    const from = { x: 0.4, y: 0.4 };
    expect(pinFromGesture(from, { x: 0.4 + DRAG_THRESHOLD / 2, y: 0.4 })).toEqual(from);
    const rect = pinFromGesture({ x: 0.7, y: 0.6 }, { x: 0.2, y: 0.1 });
    expect(rect).toEqual(spanRect({ x: 0.2, y: 0.1 }, { x: 0.7, y: 0.6 }));
    expect("w" in rect && rect.w).toBeCloseTo(0.5, 9);
  });

  it("ends a drag that leaves the image at its edge", () => {
    const box = BOXES[0]!;
    const media = MEDIA[2]!;
    const end = pointerToImageClamped(box.left + 1, box.top - 50, box, media);
    expect(end).toEqual({ x: 0, y: 0 });
  });
});

/** The compare page's zoom and the pins drawn over it agree on where an image point is. */
import { describe, expect, it } from "vitest";
import { imageToBox, pointerToImage } from "@/components/review/pin-geometry";
import { FIT, boxPoint, panBy, zoomAt } from "./zoom";

const box = { left: 24, top: 80, width: 640, height: 480 };
const media = { width: 1920, height: 1080 };

describe("pins under the compare page's zoom", () => {
  it("keep the image point under the pointer through a wheel turn", () => {
    const client = { x: box.left + box.width * 0.3, y: box.top + box.height * 0.45 };
    const before = pointerToImage(client.x, client.y, box, media, FIT);
    const zoomed = zoomAt(FIT, 3, boxPoint(client.x, client.y, box));
    const after = pointerToImage(client.x, client.y, box, media, zoomed);
    expect(after?.x).toBeCloseTo(before!.x, 9);
    expect(after?.y).toBeCloseTo(before!.y, 9);
  });

  it("move with the image when it pans", () => {
    const view = zoomAt(FIT, 4);
    const pin = { x: 0.45, y: 0.55 };
    const at = imageToBox(pin, box, media, view);
    const panned = imageToBox(pin, box, media, panBy(view, 0.1, -0.05));
    expect(panned.left - at.left).toBeCloseTo(0.1, 9);
    expect(panned.top - at.top).toBeCloseTo(-0.05, 9);
  });
});

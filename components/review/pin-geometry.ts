/**
 * Where a pin on an image sits, as pure math. A pin is stored normalised to the image (0–1 from its
 * left and top edges), so it lands on the same spot at any size, zoom or pan; this turns a pointer on
 * the shown media into such a pin and a pin back into a place in the box that shows it.
 *
 * The box is the element the image fits in with `object-fit: contain` (so a wide image in a tall box
 * has bars above and below it). The framing is the compare page's view (`components/compare/zoom.ts`:
 * a scale, and the image's centre offset from the box's centre in box widths and heights, applied
 * around the centre); a box that is not zoomed has the identity framing.
 */

/** How the box's content is zoomed and panned: the compare page's `View` has this shape. */
export interface Framing {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface ClientRect extends Size {
  left: number;
  top: number;
}

/** A position on the image, 0–1 from its left and top edges. */
export interface ImagePoint {
  x: number;
  y: number;
}

/** A rectangle on the image, normalised like a point: its top-left corner and its size. */
export interface ImageRect extends ImagePoint {
  w: number;
  h: number;
}

/** A position in the box, 0–1 from its left and top edges (outside that range when panned away). */
export interface BoxPosition {
  left: number;
  top: number;
}

/** How far outside 0–1 rounding may put a pointer on the image's edge. */
const EDGE = 1e-9;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

export const UNFRAMED: Framing = { scale: 1, x: 0, y: 0 };

/** The part of the box the image fills at scale 1, in box widths and heights. */
function fitted(box: Size, media: Size): Size {
  if (box.width <= 0 || box.height <= 0 || media.width <= 0 || media.height <= 0) {
    return { width: 1, height: 1 };
  }
  const boxAspect = box.width / box.height;
  const mediaAspect = media.width / media.height;
  return boxAspect > mediaAspect
    ? { width: mediaAspect / boxAspect, height: 1 }
    : { width: 1, height: boxAspect / mediaAspect };
}

/** The image point under a pointer (client coordinates), wherever it is, off the image too. */
function underPointer(
  clientX: number,
  clientY: number,
  box: ClientRect,
  media: Size,
  framing: Framing,
): ImagePoint {
  const fit = fitted(box, media);
  // From the box's centre, in box widths and heights, then undo the view: the image point under the
  // pointer is (at − offset) / scale.
  const atX = ((clientX - box.left) / box.width - 0.5 - framing.x) / framing.scale;
  const atY = ((clientY - box.top) / box.height - 0.5 - framing.y) / framing.scale;
  return { x: atX / fit.width + 0.5, y: atY / fit.height + 0.5 };
}

/**
 * The image point under a pointer (client coordinates) on a box, or null when the pointer is on the
 * bars beside the image rather than on it.
 */
export function pointerToImage(
  clientX: number,
  clientY: number,
  box: ClientRect,
  media: Size,
  framing: Framing = UNFRAMED,
): ImagePoint | null {
  if (box.width <= 0 || box.height <= 0) return null;
  const { x, y } = underPointer(clientX, clientY, box, media, framing);
  // An edge pixel's rounding may fall a hair outside: it is still on the image.
  const off = (value: number) => value < -EDGE || value > 1 + EDGE;
  return off(x) || off(y) ? null : { x: clamp01(x), y: clamp01(y) };
}

/** Where an image point shows in its box, 0–1 from the box's edges; beyond them when panned out. */
export function imageToBox(
  point: ImagePoint,
  box: Size,
  media: Size,
  framing: Framing = UNFRAMED,
): BoxPosition {
  const fit = fitted(box, media);
  return {
    left: (point.x - 0.5) * fit.width * framing.scale + framing.x + 0.5,
    top: (point.y - 0.5) * fit.height * framing.scale + framing.y + 0.5,
  };
}

/** Whether a position in the box can be seen (a pin panned out of view is not drawn). */
export function isInBox(position: BoxPosition): boolean {
  return position.left >= 0 && position.left <= 1 && position.top >= 0 && position.top <= 1;
}

/** The rectangle a drag spans from one image point to another, whichever way it went. */
export function spanRect(from: ImagePoint, to: ImagePoint): ImageRect {
  const x = clamp01(Math.min(from.x, to.x));
  const y = clamp01(Math.min(from.y, to.y));
  return { x, y, w: clamp01(Math.max(from.x, to.x)) - x, h: clamp01(Math.max(from.y, to.y)) - y };
}

/**
 * The image point under a pointer, kept on the image: a drag that leaves the image ends at its edge
 * rather than being dropped.
 */
export function pointerToImageClamped(
  clientX: number,
  clientY: number,
  box: ClientRect,
  media: Size,
  framing: Framing = UNFRAMED,
): ImagePoint {
  if (box.width <= 0 || box.height <= 0) return { x: 0.5, y: 0.5 };
  const { x, y } = underPointer(clientX, clientY, box, media, framing);
  return { x: clamp01(x), y: clamp01(y) };
}

/** Below this share of the image a drag is taken as a click: a point, not a rectangle. */
export const DRAG_THRESHOLD = 0.01;

/** A point for a click, a rectangle for a drag. */
export function pinFromGesture(from: ImagePoint, to: ImagePoint): ImagePoint | ImageRect {
  const rect = spanRect(from, to);
  return rect.w < DRAG_THRESHOLD && rect.h < DRAG_THRESHOLD ? from : rect;
}

/**
 * The view that brings an image point to the box's centre at a scale (at least the present one), as
 * far as the view's limits let it: choosing a comment pans to its pin.
 */
export function centreOn(point: ImagePoint, box: Size, media: Size, scale: number): Framing {
  const fit = fitted(box, media);
  const reach = (scale - 1) / 2;
  const clamp = (value: number) => Math.min(reach, Math.max(-reach, value)) + 0;
  return {
    scale,
    x: clamp(-(point.x - 0.5) * fit.width * scale),
    y: clamp(-(point.y - 0.5) * fit.height * scale),
  };
}

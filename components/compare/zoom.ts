/**
 * The shared zoom and pan of the compare page's images, as pure math. Every pane has the same box,
 * so one view places the same part of each image in the same spot.
 *
 * A view is a scale and an offset of the image's centre from the box's centre, in box widths and
 * heights (so it holds for any box size, and CSS applies it as `translate(x%, y%) scale(s)` with the
 * origin at the centre). At scale 1 the image fits the box; panning stops where an edge of the
 * zoomed image would come inside the box.
 */

export interface View {
  scale: number;
  x: number;
  y: number;
}

/** A point in a box, relative to its centre, in box widths and heights (−0.5 to 0.5 inside it). */
export interface BoxPoint {
  x: number;
  y: number;
}

export const FIT: View = { scale: 1, x: 0, y: 0 };
const MIN_SCALE = 1;
export const MAX_SCALE = 16;
/** One press of Zoom in / Zoom out (or `+` / `-`). */
export const ZOOM_STEP = 1.25;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The view within its limits: the scale in range, the offset no further than the image's edges. */
export function clampView(view: View): View {
  const scale = clamp(view.scale, MIN_SCALE, MAX_SCALE);
  const reach = (scale - 1) / 2;
  // `+ 0` turns a -0 into 0, so an untouched view compares equal to FIT.
  return { scale, x: clamp(view.x, -reach, reach) + 0, y: clamp(view.y, -reach, reach) + 0 };
}

/**
 * Zooms by `factor` keeping the image point under `at` where it is (the pointer for a wheel, the
 * centre for a key or a button).
 */
export function zoomAt(view: View, factor: number, at: BoxPoint = { x: 0, y: 0 }): View {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const ratio = scale / view.scale;
  // The image point under `at` is (at − offset) / scale; keep it under `at` at the new scale.
  return clampView({ scale, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio });
}

/** Moves the image by a distance in box widths and heights (a drag, an arrow key). */
export function panBy(view: View, dx: number, dy: number): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy });
}

/** The zoom factor of one wheel event: smooth for trackpads, about one step per mouse notch. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  // deltaMode 1 counts lines, 2 pages; 0 (pixels) is what most browsers send.
  const pixels = deltaY * (deltaMode === 1 ? 16 : deltaMode === 2 ? 400 : 1);
  return Math.exp(-clamp(pixels, -100, 100) * 0.0022);
}

/** A pointer position in a box's client rectangle, as a BoxPoint. */
export function boxPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): BoxPoint {
  return {
    x: rect.width > 0 ? (clientX - rect.left) / rect.width - 0.5 : 0,
    y: rect.height > 0 ? (clientY - rect.top) / rect.height - 0.5 : 0,
  };
}

/** The CSS transform of a view, with `transform-origin: center`. */
export function viewTransform(view: View): string {
  return `translate(${view.x * 100}%, ${view.y * 100}%) scale(${view.scale})`;
}

/** The zoom as people read it: `"100%"`, `"156%"`. */
export function zoomPercent(view: View): string {
  return `${Math.round(view.scale * 100)}%`;
}

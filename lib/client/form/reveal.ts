/**
 * Whether a newly started render's card should be scrolled into view. Only where the gallery sits
 * under the form (a phone) and the card is mostly out of sight: beside the form (a wide screen) the
 * gallery is already in view, and moving the page there would only take the form away.
 * Loaded with the code that scrolls (components/render-form/reveal-new-render.ts), not with the page.
 */

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Less than this share of the card in the viewport counts as off screen. */
export const VISIBLE_ENOUGH = 0.5;

export function needsReveal(card: Box, form: Box, viewportHeight: number): boolean {
  const besideForm = card.left >= form.right || card.right <= form.left;
  if (besideForm) return false;
  const height = card.bottom - card.top;
  if (height <= 0) return false;
  const seen = Math.max(0, Math.min(card.bottom, viewportHeight) - Math.max(card.top, 0));
  return seen < Math.min(height, viewportHeight) * VISIBLE_ENOUGH;
}

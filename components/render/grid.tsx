/**
 * The gallery's layout: justified rows. Every item holds media boxes side by side (a card one, a
 * batch's group one per variant) and grows from their width at the row's height (`--row`) in
 * proportion to them alone, so each row fills the width and every media box in it has one height,
 * whatever the items' borders, padding and gaps; a 9:16 video is not cropped into a square. The last
 * row keeps its items at their base size (the filler takes the slack).
 */
import type { ComponentPropsWithoutRef, CSSProperties } from "react";

/**
 * `--min-ratio`: the narrowest media box, as a ratio of the row's height: 9rem wide, what a card's
 * status line needs. A narrower output is shown whole inside a box of that ratio. The two are set
 * together: on a phone the row is high enough that a 9:16 output needs no wider box, and two fit
 * across; wider screens have a lower row, so more fit in one.
 */
const GALLERY_ROWS =
  "flex flex-wrap gap-3 [--min-ratio:0.5625] [--row:16rem] sm:[--min-ratio:0.6] sm:[--row:15rem]";

/** The width over height of a media box in a row: its output's, widened to the row's narrowest. */
export function boxRatio(aspectRatio: number): string {
  return `max(${aspectRatio}, var(--min-ratio, 0))`;
}

/**
 * An item's share of its row: media boxes of `ratios` side by side plus `fixedPx` of borders, padding
 * and gaps. Its basis is the boxes at the row's height plus the fixed part, and it grows by the boxes
 * alone, so its boxes end at the height of every other box of the row. No cap on the growth: that is
 * what keeps the row's right edge on the container's. An item wider than a row (a batch of four wide
 * images on a phone) shrinks to it, so it is given `JUSTIFIED_ITEM` (no minimum width of its content).
 */
export function justifiedStyle(ratios: readonly number[], fixedPx: number): CSSProperties {
  const boxes = ratios.map(boxRatio).join(" + ");
  return {
    // Ten times the ratios: a line whose factors add up to less than 1 (a 9:16 card alone) would take
    // only that share of its free space (css-flexbox, "resolving flexible lengths"), and stop short.
    flexGrow: `calc(10 * (${boxes}))`,
    flexBasis: `calc((${boxes}) * var(--row) + ${fixedPx}px)`,
  };
}

export const JUSTIFIED_ITEM = "min-w-0";

/**
 * A media box's height stops at one and a half rows: an item alone on its row (the next one too wide
 * to join it) fills the row's width, its output shown whole in the middle, rather than growing tall.
 * Every box of a row has the same height, so a row is capped whole or not at all. No minimum height:
 * by default a box with an aspect ratio grows to its content's, and an image narrower than its box
 * (9:16 in a box of the row's narrowest ratio) would stretch it to the image's own ratio.
 */
export const MEDIA_BOX = "min-h-0 max-h-[calc(1.5*var(--row))]";

/** A card's border, left and right: the part of its width that is not its media. */
export const CARD_BORDERS_PX = 2;

/**
 * Items in justified rows. A filler after them takes the last row's slack so its items keep their
 * size (near enough: its factor is thousands of times theirs).
 */
export function JustifiedRows({ children, className = "", ...props }: ComponentPropsWithoutRef<"div">) {
  return (
    <div className={`${GALLERY_ROWS} ${className}`} {...props}>
      {children}
      <div aria-hidden="true" className="grow-[100000] basis-0" />
    </div>
  );
}

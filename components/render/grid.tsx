/**
 * The gallery's layout: justified rows. Each card's width grows from its output's aspect ratio times
 * a row height (`--row`), so a row of 16:9 and 9:16 outputs fills the width with the media at one
 * height and nothing is cropped to a square; the last row keeps its cards at their base size (the
 * filler takes the slack). A minimum width keeps a tall card's text readable.
 */
import type { ComponentPropsWithoutRef, CSSProperties } from "react";

const GALLERY_ROWS = "flex flex-wrap gap-3 [--row:8.5rem] sm:[--row:12rem]";

/**
 * An item's share of its row, from width over height of its output (for a batch, the sum over its
 * variants). It grows to fill its row, but to no more than twice its base width, so a card left alone
 * on a row (before a wide one that wrapped) stays a card.
 */
export function justifiedStyle(aspectRatio: number): CSSProperties {
  const ratio = Math.max(0.4, aspectRatio);
  const base = `calc(${ratio} * var(--row))`;
  return { flexGrow: ratio, flexBasis: base, maxWidth: `min(100%, max(${MIN_WIDTH}, 2 * ${base}))` };
}

const MIN_WIDTH = "9.5rem";
export const JUSTIFIED_ITEM = "min-w-[9.5rem]";

/**
 * Cards in justified rows. By default a filler after them takes the last row's slack so its cards keep
 * their size; a batch inside the gallery, usually one row, fills its own width instead (`fill`).
 */
export function JustifiedRows({
  children,
  className = "",
  fill = false,
  ...props
}: ComponentPropsWithoutRef<"div"> & { fill?: boolean }) {
  return (
    <div className={`${GALLERY_ROWS} ${className}`} {...props}>
      {children}
      {!fill && <div aria-hidden="true" className="grow-[1000] basis-0" />}
    </div>
  );
}

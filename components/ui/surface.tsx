/**
 * The raised surfaces of the app: panels (a page's sections) and cards (items of a grid). One
 * border, one background, light and dark; layout and padding stay with the caller.
 */
import type { ComponentPropsWithoutRef, ElementType } from "react";

const SURFACE = "border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900";

type SurfaceProps<T extends ElementType> = { as?: T } & ComponentPropsWithoutRef<T>;

/** A section of a page: the form beside the gallery, the sign-in box, an admin setting. */
export function Panel<T extends ElementType = "div">({ as, className = "", ...props }: SurfaceProps<T>) {
  const Tag: ElementType = as ?? "div";
  return <Tag className={`rounded-xl shadow-xs ${SURFACE} ${className}`} {...props} />;
}

/** One item of a grid (a render in the gallery), clipped to its rounded corners. */
export function Card<T extends ElementType = "div">({ as, className = "", ...props }: SurfaceProps<T>) {
  const Tag: ElementType = as ?? "div";
  return <Tag className={`overflow-hidden rounded-lg shadow-xs ${SURFACE} ${className}`} {...props} />;
}

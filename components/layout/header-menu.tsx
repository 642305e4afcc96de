"use client";

/**
 * The header's fold on a phone: the navigation, the account and the member, in a popover that the
 * header's Menu button opens (the browser's `popover`: Escape and a tap outside close it, and the
 * focus goes back to the button). From `lg` up it is `display: contents` and its parts sit in the
 * header's row. The only script is this: the layout stays mounted across pages, so a link followed
 * from the menu would leave it open over the next page.
 */
import type { MouseEvent, ReactNode } from "react";

export function HeaderMenu({
  id,
  className,
  children,
}: {
  id: string;
  className: string;
  children: ReactNode;
}) {
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest("a")) event.currentTarget.hidePopover();
  };
  return (
    <div id={id} popover="auto" className={className} onClick={closeOnLink}>
      {children}
    </div>
  );
}

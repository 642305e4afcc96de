"use client";
/**
 * A render's "Actions" button on a gallery card. The menu behind it (Radix DropdownMenu and its
 * positioning) loads the first time any card's menu is opened, not with the page: a gallery is
 * mostly looked at. The button is a real menu button from the start (keyboard and pointer alike);
 * pointing at it or focusing it starts the load, so the menu is usually there by the click.
 */
import { EllipsisIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import type { LedgerRender } from "@/lib/contract";

export const ACTIONS_TRIGGER_CLASSES = buttonClasses({
  variant: "ghost",
  size: "icon",
  className: "-mr-1 size-7",
});

const loadMenu = () => import("./render-actions-menu");
const RenderActionsMenu = lazy(loadMenu);

export function RenderActions({ render }: { render: LedgerRender }) {
  const [opened, setOpened] = useState(false);
  const standIn = (
    <button
      type="button"
      aria-label="Actions"
      aria-haspopup="menu"
      aria-expanded={false}
      className={ACTIONS_TRIGGER_CLASSES}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setOpened(true)}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          setOpened(true);
        }
      }}
    >
      <EllipsisIcon />
    </button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RenderActionsMenu render={render} />
    </Suspense>
  );
}

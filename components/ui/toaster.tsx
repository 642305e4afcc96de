"use client";
/**
 * sonner's toaster and where it shows toasts, loaded with the first notification (notify.tsx).
 *
 * Where the home page puts the gallery beside the form (its `lg:` grid), toasts sit bottom right,
 * over the gallery. Narrower, content fills the width, so each toast is placed when it is shown:
 * from the top, under the header while it is in view, unless an element marked `data-toast-clear`
 * (the render form's Start render) sits in that band, then from the bottom.
 */
import { useEffect, useSyncExternalStore } from "react";
import { Toaster as SonnerToaster, toast } from "sonner";

export { toast };

const SIDE_BY_SIDE = "(min-width: 64rem)";
/** About what a toast with a title and a line or two of description takes, with its gap. */
const TOAST_BAND = 140;
const GAP = 8;

interface Placement {
  position: "bottom-right" | "top-center" | "bottom-center";
  top: number;
}

let placement: Placement = { position: "bottom-right", top: GAP };
const listeners = new Set<() => void>();

function measure(): Placement {
  if (window.matchMedia(SIDE_BY_SIDE).matches) return { position: "bottom-right", top: GAP };
  const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  const top = Math.max(0, headerBottom) + GAP;
  const inBand = [...document.querySelectorAll("[data-toast-clear]")].some((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.bottom > top && box.top < top + TOAST_BAND;
  });
  return { position: inBand ? "bottom-center" : "top-center", top };
}

/** Settles where the next toast appears; called just before each one is shown. */
export function placeToasts(): void {
  const next = measure();
  if (next.position === placement.position && next.top === placement.top) return;
  placement = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export default function Toaster({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  const { position, top } = useSyncExternalStore(
    subscribe,
    () => placement,
    () => placement,
  );
  const offset = position === "bottom-right" ? undefined : { top: `${top}px` };
  return (
    <SonnerToaster
      theme="system"
      position={position}
      offset={offset}
      mobileOffset={offset}
      richColors
      closeButton
    />
  );
}

"use client";

/**
 * The star: a toggle button named "Favourite" whose pressed state is the viewer's own favourite
 * flag. The toggling code loads on the first press, not with the gallery.
 */
import { useQueryClient } from "@tanstack/react-query";
import { buttonClasses, type ButtonSize } from "@/components/ui/button";
import type { LedgerRender } from "@/lib/contract";

export function FavouriteButton({
  render,
  size = "icon",
}: {
  render: Pick<LedgerRender, "id" | "favourite">;
  /** `icon`: the star alone, for a card (its name stays for screen readers); else star and word. */
  size?: ButtonSize;
}) {
  const queryClient = useQueryClient();
  const on = render.favourite === true;
  const icon = size === "icon";
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() =>
        void import("./organize-actions").then((m) => m.toggleFavourite(queryClient, render.id, !on))
      }
      className={buttonClasses(icon ? { variant: "ghost", size, className: "size-7" } : { size })}
    >
      {/* A plain five-point star: the icon set's rounded one weighs more in the first load. */}
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill={on ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        className={`lucide ${on ? "text-amber-500" : "text-zinc-500"}`}
      >
        <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2L7 14.2 2 9.3l6.9-1z" />
      </svg>
      <span className={icon ? "sr-only" : ""}>Favourite</span>
    </button>
  );
}

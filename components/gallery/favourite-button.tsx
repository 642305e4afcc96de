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
  className = "",
}: {
  render: Pick<LedgerRender, "id" | "favourite">;
  /** `icon`: the star alone (a card); otherwise the star and the word. */
  size?: ButtonSize;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const on = render.favourite === true;
  const toggle = () =>
    void import("./organize-actions").then(({ toggleFavourite }) =>
      toggleFavourite(queryClient, render.id, !on),
    );
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={size === "icon" ? "Favourite" : undefined}
      onClick={toggle}
      className={buttonClasses({ variant: size === "icon" ? "ghost" : "secondary", size, className })}
    >
      {/* A plain five-point star: the icon set's rounded one weighs more in the first load. */}
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill={on ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        className={`lucide ${on ? "text-amber-500" : "text-zinc-500 dark:text-zinc-400"}`}
      >
        <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2L7 14.2 2 9.3l6.9-1z" />
      </svg>
      {size !== "icon" && "Favourite"}
    </button>
  );
}

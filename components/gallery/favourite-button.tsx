"use client";

/**
 * The star: a toggle button named "Favourite" whose pressed state is the viewer's own favourite
 * flag. The toggling code loads on the first press, not with the gallery.
 */
import { useQueryClient } from "@tanstack/react-query";
import { StarIcon } from "lucide-react";
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
      <StarIcon
        aria-hidden="true"
        className={on ? "fill-amber-400 text-amber-500" : "text-zinc-500 dark:text-zinc-400"}
      />
      {size !== "icon" && "Favourite"}
    </button>
  );
}

"use client";

/**
 * The gallery's cards, in justified rows, a batch's variants grouped. Split from the gallery: the
 * server renders the gallery's skeleton (the list is read in the browser), so the cards' code is not
 * needed until the list arrives, and it loads meanwhile.
 */
import { RenderCard } from "@/components/render/render-card";
import { JustifiedRows } from "@/components/render/grid";
import { BatchGroup } from "./batch-group";
import type { GalleryEntry } from "./group-renders";

export function GalleryCards({ entries }: { entries: readonly GalleryEntry[] }) {
  return (
    <JustifiedRows>
      {entries.map((entry) =>
        entry.type === "batch" ? (
          <BatchGroup key={entry.key} size={entry.size} renders={entry.renders} />
        ) : (
          <RenderCard key={entry.key} render={entry.render} />
        ),
      )}
    </JustifiedRows>
  );
}

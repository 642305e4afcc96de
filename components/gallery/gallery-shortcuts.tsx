"use client";

/**
 * The gallery's keys in the shortcut registry (components/ui/shortcuts.ts), and the `?` dialog
 * (its code loads when first opened). Split from the page's first load, loaded as soon as the page's
 * own code runs (preloadedLazy).
 */
import { lazy, Suspense } from "react";
import type { SelectionStore } from "@/components/render/selection";
import { useHelpOpen, useShortcuts } from "@/components/ui/shortcuts";

const ShortcutsHelp = lazy(() =>
  import("@/components/ui/shortcuts-help").then((m) => ({ default: m.ShortcutsHelp })),
);

export function GalleryShortcuts({ selection }: { selection: SelectionStore }) {
  useShortcuts({
    title: "Gallery",
    shortcuts: [
      {
        key: "x",
        description: "Select or deselect the focused render",
        run: (event) => {
          const target = event.target instanceof HTMLElement ? event.target : null;
          const id = target?.closest<HTMLElement>("[data-render-id]")?.dataset.renderId;
          if (id) selection.toggle(id);
        },
      },
    ],
  });
  const helpOpen = useHelpOpen();
  return helpOpen ? (
    <Suspense>
      <ShortcutsHelp />
    </Suspense>
  ) : null;
}

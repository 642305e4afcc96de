"use client";

/**
 * What a gallery offers its cards for review: a selection to tick them into, and a viewer to open
 * them in. Only the gallery provides it; cards elsewhere (a render page's other variants) have neither
 * and link to the render's page instead.
 */
import { createContext, useContext, useSyncExternalStore } from "react";
import type { SelectionStore } from "./selection";

export interface Review {
  selection: SelectionStore;
  /** The board the gallery shows (a board's page), whose renders can be taken off it. */
  board?: string;
}

export const ReviewContext = createContext<Review | null>(null);

export function useReview(): Review | null {
  return useContext(ReviewContext);
}

const nothing = () => () => {};

/** Whether one render is ticked; re-renders only when that answer changes. */
export function useIsSelected(selection: SelectionStore | undefined, id: string): boolean {
  return useSyncExternalStore(
    selection?.subscribe ?? nothing,
    () => selection?.has(id) ?? false,
    () => false,
  );
}

export function useSelectedIds(selection: SelectionStore): readonly string[] {
  return useSyncExternalStore(selection.subscribe, selection.ids, selection.ids);
}

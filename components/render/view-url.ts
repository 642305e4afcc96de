/**
 * The viewer's place in the URL: `?view=<renderId>`, so a reload or a shared link reopens the render.
 * Opening adds a history entry (the browser's Back closes the viewer, as on a phone one expects);
 * moving to the next render replaces it; closing goes back to the entry the viewer was opened from,
 * or, when the page was loaded with `?view=` (a shared link), removes the parameter in place.
 * Next's router follows these native history calls (useSearchParams updates), but in a transition
 * that re-renders every reader of the URL; the viewer reads its place from here instead
 * (`useViewedId`), told at once of each change. Loaded with the viewer or on a card's first click,
 * not with the page.
 */

import { useSearchParams } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { VIEW_PARAM } from "./render-links";

/** Marks a history entry this module added, so closing knows it may go back to the one before. */
const PUSHED = "renderViewerPushed";

function urlWithView(id: string | null): string {
  const url = new URL(window.location.href);
  if (id === null) url.searchParams.delete(VIEW_PARAM);
  else url.searchParams.set(VIEW_PARAM, id);
  return `${url.pathname}${url.search}${url.hash}`;
}

function pushedHere(): boolean {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null && PUSHED in state;
}

/** The render the URL shows now (it may be ahead of the last render of the page). */
export function viewedId(): string | null {
  return new URL(window.location.href).searchParams.get(VIEW_PARAM);
}

/** Those told when the render shown changes (useViewedId). */
const listeners = new Set<() => void>();
const viewChanged = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
}

/**
 * The render the URL shows, re-read as soon as it changes here (a key, a button) rather than when
 * the router's transition reaches the page, so moving to the next render draws the viewer alone.
 * The router's own reading still counts: a link or Back that changes `?view=` is picked up once the
 * router has written the URL.
 */
export function useViewedId(): string | null {
  const fromRouter = useSearchParams().get(VIEW_PARAM);
  useEffect(viewChanged, [fromRouter]);
  return useSyncExternalStore(subscribe, viewedId, () => fromRouter);
}

export function openView(id: string): void {
  if (viewedId() !== null) switchView(id);
  else window.history.pushState({ [PUSHED]: true }, "", urlWithView(id));
  viewChanged();
}

export function switchView(id: string): void {
  window.history.replaceState(pushedHere() ? { [PUSHED]: true } : {}, "", urlWithView(id));
  viewChanged();
}

export function closeView(): void {
  if (pushedHere()) return window.history.back();
  window.history.replaceState({}, "", urlWithView(null));
  viewChanged();
}

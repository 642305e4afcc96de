/**
 * The viewer's place in the URL: `?view=<renderId>`, so a reload or a shared link reopens the render.
 * Opening adds a history entry (the browser's Back closes the viewer, as on a phone one expects);
 * moving to the next render replaces it; closing goes back to the entry the viewer was opened from,
 * or, when the page was loaded with `?view=` (a shared link), removes the parameter in place.
 * Next's router follows these native history calls (useSearchParams updates), but in a transition
 * that re-renders every reader of the URL; the viewer reads its place from here instead
 * (`useViewedId`), told at once of each change, and a step leaves the router out until the viewer
 * rests (`useRouterToldWhen`). Loaded with the viewer or on a card's first click, not with the page.
 */

import { useSearchParams } from "next/navigation";
import { useEffect, useLayoutEffect, useSyncExternalStore } from "react";
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

/**
 * The render a step wrote into the URL without the router, and the one the router was last told
 * (`useRouterToldWhen`). The router writes the URL it was told back into the history entry when it
 * has caught up, over any step taken meanwhile: that step is then written again.
 */
let stepped: string | null = null;
let told: string | null = null;

/** Those told when the render shown changes (useViewedId). */
const listeners = new Set<() => void>();
const viewChanged = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  // Back and forward are the member's own moves: no step of the viewer's is to be written again.
  const traversed = () => {
    stepped = null;
    listener();
  };
  listeners.add(listener);
  window.addEventListener("popstate", traversed);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", traversed);
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
  // In the router's own commit, before a key can step from the URL it wrote.
  useLayoutEffect(() => {
    if (fromRouter !== null && fromRouter === told && stepped !== null && viewedId() !== stepped)
      writeView(stepped);
    told = null;
    viewChanged();
  }, [fromRouter]);
  return useSyncExternalStore(subscribe, viewedId, () => fromRouter);
}

export function openView(id: string): void {
  if (viewedId() !== null) return switchView(id);
  stepped = null;
  window.history.pushState({ [PUSHED]: true }, "", urlWithView(id));
  viewChanged();
}

/** This module's own mark on the entry it replaces; the router copies its own state in. */
const ownState = () => (pushedHere() ? { [PUSHED]: true } : {});

/**
 * Replaces the entry's URL and keeps the router's state in it (its `__NA` mark, which the router's
 * patched `replaceState` passes through untouched): the router is not told.
 */
function writeView(id: string): void {
  const state: unknown = window.history.state;
  window.history.replaceState(
    { ...(typeof state === "object" ? state : {}), ...ownState() },
    "",
    urlWithView(id),
  );
}

/**
 * Moves the viewer to `id` without telling Next's router, so no reader of `useSearchParams`
 * re-renders at a step. The router learns the URL when the viewer rests (`useRouterToldWhen`),
 * closes, or the page is reloaded or left.
 */
export function switchView(id: string): void {
  writeView(id);
  stepped = id;
  viewChanged();
}

/**
 * Once `resting` (the viewer has stayed on a render a moment), tells Next's router the URL the
 * steps wrote, so the readers of `useSearchParams` and the router's history agree with it again.
 */
export function useRouterToldWhen(resting: boolean): void {
  const fromRouter = useSearchParams().get(VIEW_PARAM);
  useEffect(() => {
    const shown = viewedId();
    if (!resting || shown === null || shown === fromRouter) return;
    told = shown;
    window.history.replaceState(ownState(), "", window.location.href);
  }, [resting, fromRouter]);
}

export function closeView(): void {
  stepped = null;
  if (pushedHere()) return window.history.back();
  window.history.replaceState({}, "", urlWithView(null));
  viewChanged();
}

"use client";

/**
 * A component split from the page's code whose code starts loading as soon as the page's own code
 * runs and which, once that code is there, renders straight from it: no `Suspense` fallback first.
 * Two parts want that:
 * - A part the server renders and the browser hydrates later. React hydrates such a part (its own
 *   `Suspense` boundary) when it has nothing more urgent to do, which a live page may put off for
 *   seconds, or at once when it is clicked. A click that has to wait for the code over the network
 *   is dropped; with the code there, the click hydrates the part without waiting and then lands.
 * - A part shown on a switch (the render form's video settings): it appears with the switch, so a
 *   keyboard user tabbing on finds its fields rather than a placeholder to skip.
 */
import { lazy, useState, type ComponentType } from "react";

export function preloadedLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  // Only in the browser: the server renders through `Lazy`, which waits for the code itself.
  // A failed preload is not reported here: `Lazy` asks again and its boundary shows the failure.
  if (typeof window !== "undefined")
    load().then(
      (component) => (loaded = component),
      () => undefined,
    );
  const Lazy = lazy(() => load().then((component) => ({ default: component })));

  return function PreloadedLazy(props: P) {
    // Chosen once per mount: switching from `Lazy` to the loaded component later would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  };
}

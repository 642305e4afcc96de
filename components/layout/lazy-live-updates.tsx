"use client";

/**
 * The live updates starter (live-updates.tsx), loaded once the page is interactive: the stream
 * starts a moment after hydration, and none of its code weighs on the first load.
 */
import { Suspense, lazy } from "react";

const LiveUpdates = lazy(() =>
  import("./live-updates").then(({ LiveUpdates }) => ({ default: LiveUpdates })),
);

export function LazyLiveUpdates() {
  return (
    <Suspense>
      <LiveUpdates />
    </Suspense>
  );
}

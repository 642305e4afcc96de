"use client";
import { Suspense, lazy } from "react";

/** The renderer and its styles: a large bundle that only this page loads, once it is on screen. */
const ScalarReference = lazy(() => import("./scalar-reference"));

export function ApiReference() {
  return (
    <Suspense
      fallback={<p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the API reference…</p>}
    >
      <ScalarReference />
    </Suspense>
  );
}

"use client";
/**
 * Registers the service worker once the page is idle after hydration, from a chunk of its own, so
 * nothing of it weighs on the first load. `enabled` only in a production build (the server's
 * settings say so): under `next dev` the build's files change with each edit, and a worker keeping
 * them would serve stale code.
 */
import { useEffect } from "react";
import { whenIdle } from "@/lib/client/when-idle";

/** Longest wait for an idle moment before the worker registers all the same. */
const IDLE_WAIT_MS = 5_000;

export function ServiceWorkerStarter({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    return whenIdle(
      () =>
        void import("@/lib/client/service-worker")
          .then(({ registerServiceWorker }) => registerServiceWorker())
          .catch((error: unknown) => console.warn("The service worker did not register", error)),
      IDLE_WAIT_MS,
    );
  }, [enabled]);
  return null;
}

"use client";
/**
 * Registers the service worker once the page is idle after hydration, from a chunk of its own, so
 * nothing of it weighs on the first load. Only in a production build: under `next dev` the build's
 * files change with each edit, and a worker keeping them would serve stale code.
 */
import { useEffect } from "react";

export function ServiceWorkerStarter() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const start = () =>
      void import("@/lib/client/service-worker")
        .then(({ registerServiceWorker }) => registerServiceWorker())
        .catch((error: unknown) => console.warn("The service worker did not register", error));
    if ("requestIdleCallback" in window) {
      const idle = window.requestIdleCallback(start, { timeout: 5_000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(start, 1_000);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

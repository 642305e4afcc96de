/**
 * The dashboard's service worker (public/sw.js) from the page's side: registered once the page is
 * interactive (components/layout/service-worker-starter.tsx), and told when the member signs out, so
 * it empties its caches. docs/architecture.md, "The installable app".
 */
export const SERVICE_WORKER_URL = "/sw.js";

export const hasServiceWorkers = () => typeof navigator !== "undefined" && "serviceWorker" in navigator;

/** Registers the worker (the browser keeps one per scope: registering again is a cheap no-op). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!hasServiceWorkers()) return undefined;
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
}

/** Tells the worker the member signed out: it drops every cache it holds. */
export async function forgetSignedOutMember(): Promise<void> {
  if (!hasServiceWorkers()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.active?.postMessage({ type: "signed-out" });
}

/**
 * The dashboard's service worker (registered by lib/client/service-worker.ts; docs/architecture.md,
 * "The installable app"). It keeps the app shell only: the build's hashed static files
 * (/_next/static, never changing once built) and an offline page shown when a navigation finds no
 * network. It never answers an /api/ request, never keeps media or a page, and empties its caches
 * when the member signs out (the page posts `signed-out`), so nothing of theirs survives them. It
 * shows the push notifications the outbox sends and, when one is chosen, opens its render.
 */
const SHELL = "shell-v1";
const OFFLINE_PAGE = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(OFFLINE_PAGE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // Caches of an earlier shell go; clients are taken at once, so the first page's fetches are seen.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL).map((name) => caches.delete(name))))
      // A page's request starts while the worker wakes, so the offline fallback costs no time online.
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // Another origin (the service's media), the API and everything else: the network alone answers.
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
  }
});

/** A page from the network (the preloaded answer when there is one), or the offline page without it. */
async function page(event) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

/** A hashed build file: from the cache, else from the network and kept. */
async function staticFile(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "signed-out") {
    event.waitUntil(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))));
  }
});

self.addEventListener("push", (event) => {
  const message = readPush(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: "/icons/icon-192.png",
      badge: "/icons/maskable-192.png",
      data: { url: message.url },
    }),
  );
});

/** The outbox's payload (lib/domain/push-message.ts), or a plain notice when it cannot be read. */
function readPush(event) {
  try {
    const { title, body, url } = event.data.json();
    if (typeof title === "string" && typeof url === "string") return { title, body: String(body ?? ""), url };
  } catch {
    // Fall through to the plain notice.
  }
  return { title: "Render dashboard", body: "Something new is waiting for you.", url: "/" };
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only a path of the dashboard itself is opened.
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(openOrFocus(url));
});

/** Focuses a window of the dashboard, taking it to `url`; opens one when there is none. */
async function openOrFocus(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) return same.focus();
  const any = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (any) {
    const focused = await any.focus();
    return focused.navigate(url);
  }
  return self.clients.openWindow(url);
}

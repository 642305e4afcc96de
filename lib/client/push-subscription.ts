/**
 * Turning push on for this device: whether the browser can (service workers, the Push API and
 * notifications) and may (the site's notification permission), then a subscription through the
 * dashboard's service worker with the server's VAPID public key, as `PushSubscription.toJSON()`
 * gives it for `POST /api/account/push`.
 */
import type { PushSubscriptionInput } from "@/lib/contract";
import { deviceLabel } from "@/lib/domain/device-label";
import { registerServiceWorker } from "./service-worker";

/** What this browser allows: no push at all, push blocked by the person, or push to ask for or on. */
export type PushSupport = "unsupported" | "denied" | "default" | "granted";

export function pushSupport(): PushSupport {
  if (
    typeof window === "undefined" ||
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
  )
    return "unsupported";
  return Notification.permission;
}

/**
 * Calls `changed` when the site's notification permission changes (the person allows or blocks it
 * in the browser's settings); returns the function that stops listening. For useSyncExternalStore.
 */
export function onPushSupportChange(changed: () => void): () => void {
  let status: PermissionStatus | undefined;
  let stopped = false;
  void navigator.permissions
    ?.query({ name: "notifications" })
    .then((found) => {
      if (stopped) return;
      status = found;
      status.addEventListener("change", changed);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    status?.removeEventListener("change", changed);
  };
}

const fromBase64url = (text: string) => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** Why push could not be turned on, in words the page shows. */
export class PushRefused extends Error {}

/**
 * A browser whose push service cannot be reached (a build without one, a network that blocks it)
 * may never settle `subscribe`: past this, the page says so instead of turning forever.
 */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

function answeredWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new PushRefused("This browser's push service did not answer: push cannot be turned on here.")),
      ms,
    );
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Asks for permission (when not yet given) and subscribes this browser; the answer is for the server. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  if (pushSupport() === "unsupported")
    throw new PushRefused("This browser cannot receive push notifications.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    throw new PushRefused(
      "Notifications are not allowed for this site: allow them in the browser's site settings, then try again.",
    );
  await registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const subscription = await answeredWithin(
    registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64url(publicKey),
    }),
    SUBSCRIBE_TIMEOUT_MS,
  );
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new PushRefused("The browser gave no usable subscription.");
  return {
    endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    label: deviceLabel(navigator.userAgent),
  };
}

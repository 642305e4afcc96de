import "server-only";
/**
 * Web push (RFC 8030, with VAPID, RFC 8292, and the payload encrypted for the device, RFC 8291): the
 * message's body is encrypted and signed by `web-push` for the subscription its recipient names, then
 * POSTed with fetch (so the attempt's signal can end it; redirects are refused). A subscription that
 * is no longer in the ledger, or that the push service answers 404 or 410 for, is gone: it is removed
 * and the message counts as done. Any other answer but a 2xx throws, and the outbox tries again.
 */
import webpush from "web-push";
import type { Db } from "@/lib/server/db/database";
import { findPushSubscription, removePushSubscription } from "@/lib/server/ledger/push-subscriptions";
import type { Transport } from "./sender";
import { vapidDetails } from "./vapid";

/** How long a push service keeps a notification for a device that is off: as long as the outbox tries. */
const TTL_SECONDS = 24 * 3_600;

export function pushTransport(db: Db): Transport {
  return async (message, signal) => {
    const subscription = await findPushSubscription(db, message.recipient);
    if (!subscription) return "gone";
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      message.body,
      { vapidDetails: await vapidDetails(db), TTL: TTL_SECONDS },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      signal,
      redirect: "error",
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      await removePushSubscription(db, subscription.id);
      return "gone";
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return "sent";
  };
}

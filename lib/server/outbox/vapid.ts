import "server-only";
/**
 * Web push's VAPID details (docs/architecture.md, "Web push"): the key pair from VAPID_PUBLIC_KEY /
 * VAPID_PRIVATE_KEY, or else the one the ledger keeps (made at the first start that needs it, so
 * subscriptions survive restarts and every replica signs alike), and the subject push services may
 * contact: VAPID_SUBJECT, else PUBLIC_URL when it is https, else a mailto: at its host.
 */
import webpush from "web-push";
import type { Db } from "@/lib/server/db/database";
import { keptVapidKeys, type VapidKeyPair } from "@/lib/server/ledger/push-keys";
import { settings } from "@/lib/server/runtime/config";

export interface VapidDetails extends VapidKeyPair {
  subject: string;
}

/** Per ledger (the tests open several in one process), read once. */
const kept = new WeakMap<Db, Promise<VapidKeyPair>>();

function keyPair(db: Db): Promise<VapidKeyPair> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = settings();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY)
    return Promise.resolve({ publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY });
  let pair = kept.get(db);
  if (!pair) {
    pair = keptVapidKeys(db, () => webpush.generateVAPIDKeys()).catch((error: unknown) => {
      kept.delete(db);
      throw error;
    });
    kept.set(db, pair);
  }
  return pair;
}

function subject(): string {
  const { VAPID_SUBJECT, PUBLIC_URL } = settings();
  if (VAPID_SUBJECT) return VAPID_SUBJECT;
  const url = PUBLIC_URL ? new URL(PUBLIC_URL) : undefined;
  if (url?.protocol === "https:") return url.origin;
  return `mailto:push@${url?.hostname ?? "localhost"}`;
}

export async function vapidDetails(db: Db): Promise<VapidDetails> {
  return { ...(await keyPair(db)), subject: subject() };
}

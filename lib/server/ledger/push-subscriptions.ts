import "server-only";
/**
 * Each member's web push subscriptions, one per device (migration 024): added when a browser
 * subscribes, listed and removed on Your account → Notifications, and removed when the push service
 * answers that one is gone (404 or 410).
 */
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/server/db/database";
import type { PushSubscriptionRow } from "@/lib/server/db/schema";

export interface NewPushSubscription {
  memberId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
}

/**
 * Keeps a subscription; the same endpoint again (the browser re-subscribed, or another member signed
 * in on that device) replaces the row's keys and owner, so a device is one row and pushes reach only
 * whoever subscribed it last.
 */
export async function savePushSubscription(
  db: Db,
  subscription: NewPushSubscription,
  nowMs = Date.now(),
): Promise<PushSubscriptionRow> {
  const { memberId, ...device } = subscription;
  return db
    .insertInto("push_subscriptions")
    .values({
      id: `psh_${randomBytes(16).toString("base64url")}`,
      member_id: memberId,
      ...device,
      created_at: nowMs,
    })
    .onConflict((c) =>
      c.column("endpoint").doUpdateSet((eb) => ({
        member_id: eb.ref("excluded.member_id"),
        p256dh: eb.ref("excluded.p256dh"),
        auth: eb.ref("excluded.auth"),
        label: eb.ref("excluded.label"),
        created_at: eb.ref("excluded.created_at"),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A member's subscriptions, oldest first. */
export async function pushSubscriptionsOf(db: Db, memberId: string): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom("push_subscriptions")
    .selectAll()
    .where("member_id", "=", memberId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function findPushSubscription(db: Db, id: string): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom("push_subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Removes one subscription, only the member's own when `memberId` is given; answers whether one went. */
export async function removePushSubscription(db: Db, id: string, memberId?: string): Promise<boolean> {
  let query = db.deleteFrom("push_subscriptions").where("id", "=", id);
  if (memberId !== undefined) query = query.where("member_id", "=", memberId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

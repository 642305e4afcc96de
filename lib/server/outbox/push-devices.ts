import "server-only";
/**
 * Your account → Notifications → push: the signed-in member's devices (a browser's push subscription
 * each), the public key a browser subscribes with, and a test notification to every device.
 */
import { randomUUID } from "node:crypto";
import {
  AppError,
  type Member,
  type PushDevice,
  type PushDevices,
  type PushSubscriptionInput,
} from "@/lib/contract";
import { pushMessage } from "@/lib/domain/push-message";
import { getDb } from "@/lib/server/db/database";
import type { PushSubscriptionRow } from "@/lib/server/db/schema";
import { queueOutbox } from "@/lib/server/ledger/outbox";
import {
  pushSubscriptionsOf,
  removePushSubscription,
  savePushSubscription,
} from "@/lib/server/ledger/push-subscriptions";
import { vapidDetails } from "./vapid";

/** Devices are a person's: with sign-in off there is nobody to push to. */
function requireMember(member: Member | null): Member {
  if (!member) throw new AppError("not_found", "Push notifications are a member's: sign-in is off.");
  return member;
}

const toDevice = (row: PushSubscriptionRow): PushDevice => ({
  id: row.id,
  label: row.label,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function yourPushDevices(member: Member | null): Promise<PushDevices> {
  const you = requireMember(member);
  const db = await getDb();
  const [{ publicKey }, rows] = await Promise.all([vapidDetails(db), pushSubscriptionsOf(db, you.id)]);
  return { publicKey, items: rows.map(toDevice) };
}

export async function subscribeYourDevice(
  member: Member | null,
  input: PushSubscriptionInput,
): Promise<PushDevice> {
  const you = requireMember(member);
  const row = await savePushSubscription(await getDb(), {
    memberId: you.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: input.label,
  });
  return toDevice(row);
}

export async function removeYourDevice(member: Member | null, id: string): Promise<PushDevices> {
  const you = requireMember(member);
  if (!(await removePushSubscription(await getDb(), id, you.id)))
    throw new AppError("not_found", "No such device of yours.");
  return yourPushDevices(you);
}

/** Queues a test notification for each of the member's devices; the caller wakes the sender. */
export async function queueTestPush(member: Member | null): Promise<number> {
  const you = requireMember(member);
  const db = await getDb();
  const devices = await pushSubscriptionsOf(db, you.id);
  if (devices.length === 0)
    throw new AppError("not_found", "No device of yours receives push: turn it on for this device first.");
  const event = `push-test:${randomUUID()}`;
  const body = pushMessage(
    "Test notification",
    "Push notifications reach this device.",
    "/account/notifications",
  );
  return queueOutbox(
    db,
    devices.map((device) => ({ event, channel: "push", recipient: device.id, kind: "test", body })),
  );
}

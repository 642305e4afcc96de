import "server-only";
/**
 * Each email's unsubscribe link: a token naming the member and the event kind, signed with a key of
 * its own derived from AUTH_SECRET, so it works without signing in and nothing else signed with the
 * secret passes for one. Using it turns that kind's email off; push and the inbox stay as they were.
 */
import { createHmac } from "node:crypto";
import { AppError, type Unsubscribed } from "@/lib/contract";
import { choicesWithDefaults, isNotificationKind, type NotificationKind } from "@/lib/domain/notifications";
import { signValue, verifiedPayload } from "@/lib/server/access/signed-value";
import { getDb } from "@/lib/server/db/database";
import { findMemberRow } from "@/lib/server/ledger/members";
import { chosenNotifications, saveNotificationChoices } from "@/lib/server/ledger/notification-choices";
import { settings } from "@/lib/server/runtime/config";

const unsubscribeKey = (authSecret: string) =>
  createHmac("sha256", authSecret).update("unsubscribe link").digest();

function authSecret(): string {
  const secret = settings().AUTH_SECRET;
  if (!secret) throw new AppError("not_found", "Email is a member's, and sign-in is off.");
  return secret;
}

/** The link's token for `memberId`'s email of `kind`. */
export function unsubscribeToken(memberId: string, kind: NotificationKind): string {
  const payload = Buffer.from(JSON.stringify({ m: memberId, k: kind })).toString("base64url");
  return signValue(payload, unsubscribeKey(authSecret()));
}

export async function unsubscribe(token: string): Promise<Unsubscribed> {
  const payload = verifiedPayload(token, unsubscribeKey(authSecret()));
  const parsed =
    payload === null ? null : (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown);
  const { m, k } = (parsed ?? {}) as { m?: unknown; k?: unknown };
  if (typeof m !== "string" || typeof k !== "string" || !isNotificationKind(k)) {
    throw new AppError("not_found", "This unsubscribe link is not valid.");
  }
  const db = await getDb();
  const member = await findMemberRow(db, m);
  if (!member) throw new AppError("not_found", "This unsubscribe link is not valid.");
  const current = choicesWithDefaults(await chosenNotifications(db, m), member.role === "admin").find(
    (choice) => choice.kind === k,
  );
  await saveNotificationChoices(db, m, [{ kind: k, push: current?.push ?? true, email: "off" }]);
  return { kind: k };
}

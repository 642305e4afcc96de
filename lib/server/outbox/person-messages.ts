import "server-only";
/**
 * One event for one person, turned into an outbox message per channel they chose for its kind
 * (lib/domain/notifications.ts): an email at once (when email is set up), and a push notification to
 * each of their devices (when push is on for the kind). The daily digest gathers its items from the
 * inbox, so nothing is queued here for it. Every event kind that reaches a person goes through here.
 */
import { composeEmail } from "@/lib/domain/email-message";
import { choicesWithDefaults, type NotificationKind } from "@/lib/domain/notifications";
import { pushMessage } from "@/lib/domain/push-message";
import type { Db } from "@/lib/server/db/database";
import type { MemberRow } from "@/lib/server/db/schema";
import { chosenNotifications } from "@/lib/server/ledger/notification-choices";
import type { NewOutboxMessage } from "@/lib/server/ledger/outbox";
import { pushSubscriptionsOf } from "@/lib/server/ledger/push-subscriptions";
import { emailLinkBase } from "@/lib/server/runtime/email-links";
import { unsubscribeToken } from "./unsubscribe";

export interface PersonMessage {
  /** What made it (`render:<id>:ready`…): with channel and recipient, each message's key. */
  event: string;
  kind: NotificationKind;
  /** The email's subject and the notification's title. */
  subject: string;
  /** The email's lines; a push notification shows them as one. */
  lines: readonly string[];
  /** Where it leads, a dashboard path (`/renders/<id>`): the email's link, the notification's click. */
  link: { text: string; path: string };
}

export async function messagesForPerson(
  db: Db,
  person: MemberRow,
  message: PersonMessage,
): Promise<NewOutboxMessage[]> {
  if (person.deactivated_at !== null) return [];
  const choice = choicesWithDefaults(await chosenNotifications(db, person.id), person.role === "admin").find(
    (c) => c.kind === message.kind,
  );
  if (!choice) return [];
  const { event, kind, subject, lines, link } = message;
  const messages: NewOutboxMessage[] = [];
  const base = emailLinkBase();
  if (base && choice.email === "immediate") {
    messages.push({
      event,
      channel: "email",
      recipient: person.id,
      kind,
      body: composeEmail({
        to: person.email,
        subject,
        lines,
        link: { text: link.text, url: `${base}${link.path}` },
        unsubscribe: { kind, url: `${base}/unsubscribe?token=${unsubscribeToken(person.id, kind)}` },
      }),
    });
  }
  if (choice.push) {
    const body = pushMessage(subject, lines.join(" "), link.path);
    for (const device of await pushSubscriptionsOf(db, person.id))
      messages.push({ event, channel: "push", recipient: device.id, kind, body });
  }
  return messages;
}

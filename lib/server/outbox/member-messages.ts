import "server-only";
/**
 * The one way a member is told of an event (docs/architecture.md, "The outbox"): given the member,
 * the event's kind and what to say, one outbox message for each channel they chose for that kind
 * (lib/domain/notifications.ts). A channel joins here. Email in the day's digest is not queued one by
 * one: the digest (digest.ts) gathers it from the inbox once a day.
 */
import { composeEmail } from "@/lib/domain/email-message";
import {
  choicesWithDefaults,
  type NotificationChoice,
  type NotificationKind,
} from "@/lib/domain/notifications";
import type { Db } from "@/lib/server/db/database";
import type { MemberRow } from "@/lib/server/db/schema";
import { chosenNotifications } from "@/lib/server/ledger/notification-choices";
import type { NewOutboxMessage } from "@/lib/server/ledger/outbox";
import { emailLinkBase } from "@/lib/server/runtime/email-links";
import { unsubscribeToken } from "./unsubscribe";

/** What to tell a member of one event, whichever channel carries it. */
export interface Tidings {
  /** What made it: with the channel and the member, the message's key. */
  event: string;
  kind: NotificationKind;
  subject: string;
  lines: readonly string[];
  /** Where it leads, a path of the dashboard (`/renders/<id>`). */
  link: { text: string; path: string };
}

/** The member's choice for one kind: theirs, or the default. */
export async function choiceOf(
  db: Db,
  member: MemberRow,
  kind: NotificationKind,
): Promise<NotificationChoice> {
  const choices = choicesWithDefaults(await chosenNotifications(db, member.id), member.role === "admin");
  return choices.find((c) => c.kind === kind) ?? { kind, push: false, email: "off" };
}

/** The signed link that turns the member's email of `kind` off. */
export const unsubscribeUrl = (base: string, memberId: string, kind: NotificationKind) =>
  `${base}/unsubscribe?token=${unsubscribeToken(memberId, kind)}`;

/** The messages `member` chose to get of this event (none for a deactivated member). */
export async function memberMessages(
  db: Db,
  member: MemberRow | undefined,
  tidings: Tidings,
): Promise<NewOutboxMessage[]> {
  if (!member || member.deactivated_at !== null) return [];
  const choice = await choiceOf(db, member, tidings.kind);
  const base = emailLinkBase();
  const messages: NewOutboxMessage[] = [];
  if (base && choice.email === "immediate") {
    messages.push({
      event: tidings.event,
      channel: "email",
      recipient: member.id,
      kind: tidings.kind,
      body: composeEmail({
        to: member.email,
        subject: tidings.subject,
        lines: tidings.lines,
        link: { text: tidings.link.text, url: `${base}${tidings.link.path}` },
        unsubscribe: { kind: tidings.kind, url: unsubscribeUrl(base, member.id, tidings.kind) },
      }),
    });
  }
  return messages;
}

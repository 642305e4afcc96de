import "server-only";
/**
 * Invites and password-reset links are mailed to their person when email is on (SMTP_URL…), through
 * the outbox like every message, besides being shown to the admin who made them.
 */
import { composeEmail } from "@/lib/domain/email-message";
import type { Db } from "@/lib/server/db/database";
import { queueOutbox } from "@/lib/server/ledger/outbox";
import { emailLinkBase } from "@/lib/server/runtime/email-links";

export interface LinkMail {
  /** The link's row: one mail per link. */
  event: string;
  kind: "invite" | "password_reset";
  to: string;
  subject: string;
  lines: readonly string[];
  link: { text: string; path: string };
}

/** Queues the mail; false when email is off. */
export async function queueLinkMail(db: Db, mail: LinkMail): Promise<boolean> {
  const base = emailLinkBase();
  if (!base) return false;
  const body = composeEmail({
    to: mail.to,
    subject: mail.subject,
    lines: mail.lines,
    link: { text: mail.link.text, url: `${base}${mail.link.path}` },
    unsubscribe: null,
  });
  await queueOutbox(db, [{ event: mail.event, channel: "email", recipient: mail.to, kind: mail.kind, body }]);
  return true;
}

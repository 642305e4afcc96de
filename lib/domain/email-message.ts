/**
 * An email from a few lines and a link: the plain-text part, an HTML part with the same words, and the
 * footer that names the kind and its unsubscribe link.
 */
import { NOTIFICATION_LABELS, type NotificationKind } from "./notifications";

/** What an email message's body holds in the outbox (lib/server/outbox/email.ts sends it). */
export interface EmailBody {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The signed link that turns this kind's email off (null: a mail one cannot turn off, such as an invite). */
  unsubscribe: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export interface EmailContent {
  to: string;
  subject: string;
  lines: readonly string[];
  link: { text: string; url: string };
  /** The kind and its unsubscribe link; null for a mail that is not a notification (an invite). */
  unsubscribe: { kind: NotificationKind; url: string } | null;
}

export function composeEmail({ to, subject, lines, link, unsubscribe }: EmailContent): EmailBody {
  const footer = unsubscribe
    ? `You get this because "${NOTIFICATION_LABELS[unsubscribe.kind]}" is on for email. Turn it off: ${unsubscribe.url}`
    : null;
  const text = [...lines, "", `${link.text}: ${link.url}`, ...(footer ? ["", "--", footer] : [])].join("\n");
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>`,
    ...(unsubscribe
      ? [
          `<hr><p style="color:#71717a;font-size:12px">You get this because "${escapeHtml(NOTIFICATION_LABELS[unsubscribe.kind])}" is on for email. <a href="${escapeHtml(unsubscribe.url)}">Turn it off</a>.</p>`,
        ]
      : []),
  ].join("\n");
  return { to, subject, text, html, unsubscribe: unsubscribe?.url ?? null };
}

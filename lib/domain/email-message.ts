/**
 * An email from a few lines and a link: the plain-text part, an HTML part with the same words, and the
 * footer that names the kind and its unsubscribe link.
 */
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, type NotificationKind } from "./notifications";

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

/** One item of a daily digest: its kind, what happened in a line, and where it leads. */
export interface DigestEntry {
  kind: NotificationKind;
  headline: string;
  link: { text: string; url: string };
}

/**
 * The day's digest: the entries grouped by kind (in the kinds' order), each with its link, and under
 * each kind the link that turns that kind's email off. It holds several kinds, so it has no single
 * `List-Unsubscribe`.
 */
export function composeDigest({
  to,
  entries,
  unsubscribe,
}: {
  to: string;
  entries: readonly DigestEntry[];
  unsubscribe: (kind: NotificationKind) => string;
}): EmailBody {
  const kinds = NOTIFICATION_KINDS.filter((kind) => entries.some((entry) => entry.kind === kind));
  const groups = kinds.map((kind) => ({
    kind,
    label: NOTIFICATION_LABELS[kind],
    entries: entries.filter((entry) => entry.kind === kind),
    off: unsubscribe(kind),
  }));
  const count = entries.length === 1 ? "1 update" : `${entries.length} updates`;
  const text = [
    `Your day in the Render Dashboard: ${count}.`,
    ...groups.flatMap((group) => [
      "",
      group.label,
      ...group.entries.flatMap((entry) => [`- ${entry.headline}`, `  ${entry.link.text}: ${entry.link.url}`]),
      `Turn off "${group.label}" by email: ${group.off}`,
    ]),
  ].join("\n");
  const html = [
    `<p>Your day in the Render Dashboard: ${count}.</p>`,
    ...groups.map((group) =>
      [
        `<h3>${escapeHtml(group.label)}</h3>`,
        "<ul>",
        ...group.entries.map(
          (entry) =>
            `<li>${escapeHtml(entry.headline)} <a href="${escapeHtml(entry.link.url)}">${escapeHtml(entry.link.text)}</a></li>`,
        ),
        "</ul>",
        `<p style="color:#71717a;font-size:12px"><a href="${escapeHtml(group.off)}">Turn off "${escapeHtml(group.label)}" by email</a>.</p>`,
      ].join("\n"),
    ),
  ].join("\n");
  return { to, subject: `Your daily digest: ${count}`, text, html, unsubscribe: null };
}

/**
 * The team's chat (the webhook at ALERT_WEBHOOK_URL): the event kinds an admin may send there, and
 * the Slack-compatible text of each message (`text` is what Slack's and most chat tools' incoming
 * webhooks show).
 */
import type { NotificationKind } from "./notifications";

export const CHAT_KINDS = [
  "render_failed",
  "approval_waiting",
  "decision",
  "spend",
] as const satisfies readonly NotificationKind[];
export type ChatKind = (typeof CHAT_KINDS)[number];

/** What the Team page calls each kind. */
export const CHAT_KIND_LABELS: Record<ChatKind, string> = {
  render_failed: "Render failures",
  approval_waiting: "Approvals waiting",
  decision: "Review decisions",
  spend: "Spend alerts",
};

/** Slack's link markup, `<url|text>`, with the three characters it treats specially escaped in the text. */
export function chatLink(url: string, text: string): string {
  return `<${url}|${chatText(text)}>`;
}

/** Text as Slack shows it: `&`, `<` and `>` escaped, so a name or a note cannot make a link. */
export const chatText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const isChatKind = (value: string): value is ChatKind =>
  (CHAT_KINDS as readonly string[]).includes(value);

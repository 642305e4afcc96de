import "server-only";
/**
 * Where the links in email lead: PUBLIC_URL, when email can be sent at all (SMTP_URL, MAIL_FROM and
 * AUTH_SECRET, which signs the unsubscribe links, set too); otherwise null and nothing is mailed.
 */
import { settings } from "./config";

export function emailLinkBase(): string | null {
  const { SMTP_URL, MAIL_FROM, PUBLIC_URL, AUTH_SECRET } = settings();
  return SMTP_URL && MAIL_FROM && PUBLIC_URL && AUTH_SECRET ? PUBLIC_URL.replace(/\/+$/, "") : null;
}

import "server-only";
/**
 * Email through the SMTP server at SMTP_URL (nodemailer), from MAIL_FROM: a plain-text part and an
 * HTML one, the message's key in `X-Message-Key` (a repeat after a crash carries the same), and the
 * one-click unsubscribe link of its kind in `List-Unsubscribe`.
 */
import nodemailer from "nodemailer";
import type { EmailBody } from "@/lib/domain/email-message";
import type { Transport } from "./sender";

export function emailTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (message, signal) => {
    const mail = JSON.parse(message.body) as EmailBody;
    const sent = transporter.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { "X-Message-Key": message.key },
      ...(mail.unsubscribe && { list: { unsubscribe: mail.unsubscribe } }),
    });
    // nodemailer takes no signal: the attempt is given up (and retried) when it fires.
    await new Promise<void>((resolve, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
      sent.then(() => resolve(), reject);
    });
    return "sent";
  };
}

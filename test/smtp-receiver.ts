/**
 * A real SMTP server in the test process (smtp-server): each mail as it arrived, and who it was for.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** The sender and the public address of a stack that mails to this receiver. */
export const MAIL_FROM = "Render Dashboard <renders@example.com>";
export const PUBLIC_URL = "http://dashboard.test";

/** The settings that turn email on (with AUTH_SECRET, which the caller gives), to `smtpUrl`. */
export const mailSettings = (smtpUrl: string) => ({ SMTP_URL: smtpUrl, MAIL_FROM, PUBLIC_URL });

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** Folded headers unfolded, the body's quoted-printable soft breaks and escapes undone. */
export const decodedMail = (raw: string) =>
  raw
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startSmtpReceiver(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/**
 * What a web push notification carries (the outbox message's body, encrypted for the device by the
 * push transport, shown by the service worker, public/sw.js): a title, one line of text, and the
 * dashboard path that choosing it opens (a render's page, or an inbox item's link).
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** A notification's text stays short: push services cap a payload near 4 KB, and a lock screen far below. */
const TITLE_CHARS = 120;
const BODY_CHARS = 240;

const clipped = (text: string, chars: number) =>
  text.length > chars ? `${text.slice(0, chars - 1)}…` : text;

export function pushMessage(title: string, body: string, url: string): PushMessage {
  return { title: clipped(title, TITLE_CHARS), body: clipped(body, BODY_CHARS), url };
}

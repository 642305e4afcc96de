import "server-only";
/**
 * The team's chat: a message's body (Slack-compatible JSON, its `text` what the chat shows) POSTed
 * to the team webhook (ALERT_WEBHOOK_URL), with the message's key as `Idempotency-Key`, so the
 * receiver can drop the one repeat a crash mid-send may cause. Any 2xx is sent; redirects are
 * refused (the URL holds a secret and is never logged).
 */
import type { Transport } from "./sender";

export function chatTransport(url: string): Transport {
  return async (message, signal) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": message.key },
      body: message.body,
      signal,
      redirect: "error",
    });
    // Its body is not read: whatever the receiver says, the status decides.
    await response.body?.cancel();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return "sent";
  };
}

/**
 * Sign-out reaches every tab of the browser: the tab that signs out says so on a BroadcastChannel,
 * and the others close their live streams and leave for sign-in (their streams were opened with the
 * session that just ended, and would otherwise go on until it expires).
 */
const CHANNEL = "render-dashboard-session";
const SIGNED_OUT = "signed-out";

export function announceSignOut(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(SIGNED_OUT);
  channel.close();
}

/** Calls `listener` when another tab signs out; returns the function that stops listening. */
export function onSignOutElsewhere(listener: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent) => {
    if (message.data === SIGNED_OUT) listener();
  };
  return () => channel.close();
}

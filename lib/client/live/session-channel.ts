/**
 * Sign-out reaches every tab of the browser: the tab that signs out says so on a BroadcastChannel,
 * and the others close their live streams and leave for sign-in (their streams were opened with the
 * session that just ended, and would otherwise go on until it expires). A tab's own listener hears
 * its own message too (each channel object is a listener), so messages name the tab they came from.
 */
const CHANNEL = "render-dashboard-session";
const SIGNED_OUT = "signed-out";
/** This tab, once per page load (the module is loaded once per page). */
const THIS_TAB = Math.random().toString(36).slice(2);

interface SignedOutMessage {
  type: typeof SIGNED_OUT;
  from: string;
}

/**
 * Set while this tab signs out on purpose: its own stream then hears `signed-out` from the server
 * before the sign-out's answer, and must leave it to the sign-out to go to sign-in (with no
 * `next`: the member left, they were not sent away).
 */
let signingOut = false;
export const markSigningOut = (value: boolean) => {
  signingOut = value;
};
export const isSigningOut = () => signingOut;

export function announceSignOut(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: SIGNED_OUT, from: THIS_TAB } satisfies SignedOutMessage);
  channel.close();
}

/** Calls `listener` when another tab signs out; returns the function that stops listening. */
export function onSignOutElsewhere(listener: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<Partial<SignedOutMessage>>) => {
    if (message.data.type === SIGNED_OUT && message.data.from !== THIS_TAB) listener();
  };
  return () => channel.close();
}

import "server-only";
/**
 * Cross-site request refusal for state-changing routes. Browsers send `Origin` (and
 * `Sec-Fetch-Site`) with every POST; a value naming another site means a page elsewhere is trying to
 * spend the team's credits with a member's cookie: refused, whoever calls. A write signed by a
 * session cookie must also show that it comes from the dashboard's own pages: a same-origin `Origin`,
 * or failing that a same-site `Sec-Fetch-Site`, or failing both a same-origin `Referer`. A browser
 * sends the first two with every write; an old one or a privacy filter may leave `Origin` out, and a
 * cookie-signed write with none of the three is refused, whatever else it carries. Clients without a
 * cookie (curl, scripts, and every caller while sign-in is off) carry no browser credential by accident
 * and are judged by their token or session alone; a bearer token skips these checks altogether
 * (caller.ts).
 */
import { AppError } from "@/lib/contract/errors";
import { socketAddress } from "@/lib/server/runtime/socket-address";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A method that only reads (a read-only API token may use these alone). */
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

/** The host the request was sent to (as a trusted proxy forwards it, or as the client asked for it). */
const requestHost = (request: Request) =>
  request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;

/** Whether `url` (an `Origin` or a `Referer`) is on the host the request was sent to; false for no URL. */
function onRequestHost(request: Request, url: string): boolean {
  try {
    return new URL(url).host === requestHost(request);
  } catch {
    return false;
  }
}

/** `Sec-Fetch-Site` values saying the request comes from the dashboard's own site. */
const SAME_SITE = new Set(["same-origin", "same-site"]);

/** Refuses a write whose `Origin` or `Sec-Fetch-Site` names another site. */
export function assertSameOrigin(request: Request): void {
  if (isSafeMethod(request.method)) return;
  if (request.headers.get("sec-fetch-site") === "cross-site") throw crossOrigin();
  const origin = request.headers.get("origin");
  if (origin !== null && !onRequestHost(request, origin)) throw crossOrigin();
}

/**
 * Refuses a write signed by a session cookie unless it shows that it comes from the dashboard's own
 * pages: a same-origin `Origin`; without one, a same-site `Sec-Fetch-Site`; without both, a
 * same-origin `Referer`. Also refuses what `assertSameOrigin` does.
 */
export function assertFromDashboardPages(request: Request): void {
  if (isSafeMethod(request.method)) return;
  assertSameOrigin(request);
  if (request.headers.get("origin") !== null) return;
  if (SAME_SITE.has(request.headers.get("sec-fetch-site") ?? "")) return;
  const referer = request.headers.get("referer");
  if (referer !== null && onRequestHost(request, referer)) return;
  if (referer !== null && URL.canParse(referer)) throw crossOrigin();
  throw new AppError(
    "forbidden",
    "A change made with a session cookie must come from the dashboard's pages (an Origin or Referer header naming it). Scripts use an API token.",
  );
}

const crossOrigin = () => new AppError("forbidden", "Cross-origin requests are refused.");

/** A forwarding header's comma-separated entries, outermost first, as proxies append them. */
function forwardedEntries(request: Request, name: string): string[] {
  return (request.headers.get(name) ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/**
 * The client's address, for throttling, or null when it cannot be known.
 *
 * With `hops` trusted proxies in front (TRUSTED_PROXY_HOPS), it is the `X-Forwarded-For` entry `hops`
 * from the right: each trusted proxy appends the address it was reached from, so entries further
 * left are the client's own word. With none, the header is ignored (Next fills it in from the socket
 * only when the client sent none, so it cannot be told apart from a forged one) and the address is
 * the connection's own, which the server noted as the request arrived
 * (`lib/server/runtime/socket-address.ts`). Callers treat null as one address shared by every such
 * client.
 */
export function clientAddress(request: Request, hops: number): string | null {
  if (hops === 0) return socketAddress(request);
  const entries = forwardedEntries(request, "x-forwarded-for");
  return entries.length >= hops ? (entries[entries.length - hops] ?? null) : null;
}

/**
 * Whether the browser reached the dashboard over HTTPS. Behind trusted proxies, the proxies'
 * `X-Forwarded-Proto` says (the entry `hops` from the right, or the only one). With none, the request
 * URL's scheme, which Next takes from the TLS socket; a client can claim https with its own header
 * there, but that only changes the answer it gets itself (a Secure cookie, an HSTS header).
 */
export function reachedOverHttps(request: Request, hops: number): boolean {
  if (hops === 0) return new URL(request.url).protocol === "https:";
  const entries = forwardedEntries(request, "x-forwarded-proto");
  return entries[Math.max(0, entries.length - hops)]?.toLowerCase() === "https";
}

/**
 * The dashboard's origin as the browser reached it: the scheme by `reachedOverHttps`, the host it
 * asked for (as the proxies forward it). Single sign-on's redirect URI is built on it; a client that
 * sends a host of its own only gets a redirect URI the provider refuses.
 */
export function publicOrigin(request: Request, hops: number): string {
  return `${reachedOverHttps(request, hops) ? "https" : "http"}://${requestHost(request)}`;
}

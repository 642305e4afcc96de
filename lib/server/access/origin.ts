import "server-only";
/**
 * Cross-site request refusal for state-changing routes. Browsers send `Origin` (and
 * `Sec-Fetch-Site`) with every POST; a value naming another site means a page elsewhere is trying to
 * spend the team's credits with a member's cookie. Clients without either header (curl, scripts)
 * carry no browser cookie by accident and are judged by their session alone.
 */
import { AppError } from "@/lib/contract/errors";
import { socketAddress } from "@/lib/server/runtime/socket-address";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A method that only reads (a read-only API token may use these alone). */
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

export function assertSameOrigin(request: Request): void {
  if (isSafeMethod(request.method)) return;
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site") throw crossOrigin();
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const host =
    request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw crossOrigin();
  }
  if (originHost !== host) throw crossOrigin();
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

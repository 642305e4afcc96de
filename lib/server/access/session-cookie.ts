import "server-only";
/**
 * Sessions as signed cookies: `<payload>.<HMAC-SHA256>` with the member id, the member's session
 * version and an expiry. Nothing to store per session; bumping a member's session version ends all
 * of their sessions at once.
 */
import { clearedHostCookieHeaders, hostCookieHeader, hostCookieName, readHostCookie } from "./host-cookies";
import { signValue, verifiedPayload } from "./signed-value";

/** The cookie's name over plain http (a development machine, a LAN without TLS). */
export const SESSION_COOKIE = "rd_session";
/** Its name over HTTPS (./host-cookies.ts). */
export const SECURE_SESSION_COOKIE = hostCookieName(SESSION_COOKIE);

export interface SessionClaims {
  memberId: string;
  version: number;
  /** Expiry, epoch seconds. */
  expires: number;
}

export function encodeSession(claims: SessionClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify([claims.memberId, claims.version, claims.expires])).toString(
    "base64url",
  );
  return signValue(payload, secret);
}

export function decodeSession(token: string, secret: string, nowSeconds: number): SessionClaims | null {
  const payload = verifiedPayload(token, secret);
  if (payload === null) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 3) return null;
  const [memberId, version, expires] = parts as unknown[];
  if (typeof memberId !== "string" || !Number.isInteger(version) || !Number.isInteger(expires)) return null;
  if ((expires as number) <= nowSeconds) return null;
  return { memberId, version: version as number, expires: expires as number };
}

/** The session token from a Cookie header (the `__Host-` cookie wins: ./host-cookies.ts). */
export function readSessionToken(header: string | null): string | undefined {
  return readHostCookie(header, SESSION_COOKIE);
}

/** A Set-Cookie value for the session: `__Host-` and Secure over HTTPS, the plain name over http. */
export function sessionCookieHeader(value: string, maxAgeSeconds: number, secure: boolean): string {
  return hostCookieHeader(SESSION_COOKIE, value, maxAgeSeconds, secure);
}

/** Set-Cookie values that end the session (both names over HTTPS). */
export function clearedSessionCookieHeaders(secure: boolean): string[] {
  return clearedHostCookieHeaders(SESSION_COOKIE, secure);
}

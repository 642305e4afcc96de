import "server-only";
/**
 * The session cookie: `<secret>.<HMAC-SHA256>`, the secret naming a session row in the ledger
 * (lib/server/access/sessions.ts). The signature lets a forged or mangled cookie be refused without
 * a lookup; what the session may do is the row's to say, so the server can end it.
 */
import { createHmac } from "node:crypto";
import { clearedHostCookieHeaders, hostCookieHeader, hostCookieName, readHostCookie } from "./host-cookies";
import { signValue, verifiedPayload } from "./signed-value";

/** The cookie's name over plain http (a development machine, a LAN without TLS). */
export const SESSION_COOKIE = "rd_session";
/** Its name over HTTPS (./host-cookies.ts). */
export const SECURE_SESSION_COOKIE = hostCookieName(SESSION_COOKIE);

/** A key of its own for sessions, so no other value signed with AUTH_SECRET can pass for one. */
const sessionKey = (authSecret: string) => createHmac("sha256", authSecret).update("session cookie").digest();

export function signSessionSecret(secret: string, authSecret: string): string {
  return signValue(secret, sessionKey(authSecret));
}

/** The session secret a cookie value carries, or null when it is not one this server signed. */
export function readSignedSecret(value: string, authSecret: string): string | null {
  return verifiedPayload(value, sessionKey(authSecret));
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

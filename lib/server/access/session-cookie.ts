import "server-only";
/**
 * The session cookie: `<secret>.<HMAC-SHA256>`, the secret naming a session row in the ledger
 * (lib/server/access/sessions.ts). The signature lets a forged or mangled cookie be refused without
 * a lookup; what the session may do is the row's to say, so the server can end it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The cookie's name over plain http (a development machine, a LAN without TLS). */
export const SESSION_COOKIE = "rd_session";
/**
 * Its name over HTTPS. Browsers accept a `__Host-` cookie only when it is Secure, has Path=/ and no
 * Domain, so no sibling subdomain and no plain-http response can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = "__Host-rd_session";

/** What is signed: a purpose before the secret, so no other HMAC of AUTH_SECRET can pass for one. */
function sign(secret: string, key: string): string {
  return createHmac("sha256", key).update(`session:${secret}`).digest("base64url");
}

export function signSessionSecret(secret: string, key: string): string {
  return `${secret}.${sign(secret, key)}`;
}

/** The session secret a cookie value carries, or null when it is not one this server signed. */
export function readSignedSecret(value: string, key: string): string | null {
  const [secret, signature, extra] = value.split(".");
  if (!secret || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, key));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? secret : null;
}

/** Reads one cookie from a Cookie header. */
function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/**
 * The session token from a Cookie header. The `__Host-` cookie wins whenever it is present, even if
 * it turns out invalid: only this host, over HTTPS, can have set it, while a plain one sent beside
 * it may have been planted. The plain name is what plain http uses.
 */
export function readSessionToken(header: string | null): string | undefined {
  return readCookie(header, SECURE_SESSION_COOKIE) ?? readCookie(header, SESSION_COOKIE);
}

/** A Set-Cookie value for the session: `__Host-` and Secure over HTTPS, the plain name over http. */
export function sessionCookieHeader(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * Set-Cookie values that end the session. Over HTTPS both names are cleared: a plain cookie left from
 * before the dashboard was put behind TLS would otherwise still be read.
 */
export function clearedSessionCookieHeaders(secure: boolean): string[] {
  const plain = [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  return secure ? [sessionCookieHeader("", 0, true), [...plain, "Secure"].join("; ")] : [plain.join("; ")];
}

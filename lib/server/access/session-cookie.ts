import "server-only";
/**
 * Sessions as signed cookies: `<payload>.<HMAC-SHA256>` with the member id, the member's session
 * version and an expiry. Nothing to store per session; bumping a member's session version ends all
 * of their sessions at once.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The cookie's name over plain http (a development machine, a LAN without TLS). */
export const SESSION_COOKIE = "rd_session";
/**
 * Its name over HTTPS. Browsers accept a `__Host-` cookie only when it is Secure, has Path=/ and no
 * Domain, so no sibling subdomain and no plain-http response can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = "__Host-rd_session";

export interface SessionClaims {
  memberId: string;
  version: number;
  /** Expiry, epoch seconds. */
  expires: number;
}

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function encodeSession(claims: SessionClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify([claims.memberId, claims.version, claims.expires])).toString(
    "base64url",
  );
  return `${payload}.${sign(payload, secret)}`;
}

export function decodeSession(token: string, secret: string, nowSeconds: number): SessionClaims | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const actual = Buffer.from(signature);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
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

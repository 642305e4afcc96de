import "server-only";
/**
 * Sessions as signed cookies: `<payload>.<HMAC-SHA256>` with the member id, the member's session
 * version and an expiry. Nothing to store per session; bumping a member's session version ends all
 * of their sessions at once.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SESSION_COOKIE = "rd_session";

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
export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

export function sessionCookieHeader(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

import "server-only";
/**
 * Who is calling. Sign-in is on whenever AUTH_SECRET is set; then every route and page checks the
 * session itself (never only a proxy). With sign-in off, callers act as the team, unnamed.
 */
import { AppError } from "@/lib/contract/errors";
import { settings } from "@/lib/server/runtime/config";
import { getDb } from "@/lib/server/db/database";
import type { Member, Role } from "@/lib/contract";
import { findMemberRow, toMember } from "@/lib/server/ledger/members";
import { reachedOverHttps } from "./origin";
import {
  clearedSessionCookieHeaders,
  decodeSession,
  encodeSession,
  readSessionToken,
  sessionCookieHeader,
} from "./session-cookie";

export function authEnabled(): boolean {
  // Read from the settings without the service's key: sign-in works before the service is set up.
  return settings().AUTH_SECRET !== undefined;
}

/** The signed-in member from a Cookie header, or null. */
export async function memberFromCookies(cookieHeader: string | null): Promise<Member | null> {
  const secret = settings().AUTH_SECRET;
  const token = readSessionToken(cookieHeader);
  if (!secret || !token) return null;
  const claims = decodeSession(token, secret, Math.floor(Date.now() / 1000));
  if (!claims) return null;
  const row = await findMemberRow(await getDb(), claims.memberId);
  return row && row.session_version === claims.version ? toMember(row) : null;
}

/**
 * The caller allowed to act, or null when sign-in is off (the caller acts as the team).
 * Throws 401 without a valid session, 403 when an admin is required and the member is not one.
 */
export async function requireMember(
  cookieHeader: string | null,
  role: Role = "member",
): Promise<Member | null> {
  if (!authEnabled()) return null;
  const member = await memberFromCookies(cookieHeader);
  if (!member) throw new AppError("unauthenticated", "Sign in to use the dashboard.");
  requireRole(member, role);
  return member;
}

/** Throws 403 when an admin is required and the member is not one. */
export function requireRole(member: Member, role: Role): void {
  if (role === "admin" && member.role !== "admin") {
    throw new AppError("forbidden", "Only a team admin can do this.");
  }
}

/**
 * Over HTTPS (directly, or per trusted proxies) the cookie is `__Host-` and Secure; over plain http
 * (localhost, a LAN) it keeps the plain name, since browsers drop Secure cookies there.
 */
export function isSecure(request: Request): boolean {
  return reachedOverHttps(request, settings().TRUSTED_PROXY_HOPS);
}

export function sessionCookieFor(request: Request, memberId: string, version: number): string {
  const { AUTH_SECRET, SESSION_DAYS } = settings();
  if (!AUTH_SECRET) throw new Error("sessionCookieFor needs AUTH_SECRET");
  const maxAge = SESSION_DAYS * 24 * 3600;
  const token = encodeSession(
    { memberId, version, expires: Math.floor(Date.now() / 1000) + maxAge },
    AUTH_SECRET,
  );
  return sessionCookieHeader(token, maxAge, isSecure(request));
}

/** Set-Cookie values that end the session (one per cookie name in use). */
export function clearedSessionCookies(request: Request): string[] {
  return clearedSessionCookieHeaders(isSecure(request));
}

import "server-only";
/**
 * Who is calling. Sign-in is on whenever AUTH_SECRET is set; then every route and page checks the
 * session itself (never only a proxy). With sign-in off, callers act as the team, unnamed.
 */
import { AppError } from "@/lib/contract/errors";
import { serverConfig } from "@/lib/server/runtime/config";
import { getDb } from "@/lib/server/db";
import type { Member, Role } from "@/lib/contract";
import { findMemberRow, toMember } from "@/lib/server/ledger/members";
import {
  SESSION_COOKIE,
  decodeSession,
  encodeSession,
  readCookie,
  sessionCookieHeader,
} from "./session-cookie";

export function authEnabled(): boolean {
  return serverConfig().AUTH_SECRET !== undefined;
}

/** The signed-in member from a Cookie header, or null. */
export async function memberFromCookies(cookieHeader: string | null): Promise<Member | null> {
  const secret = serverConfig().AUTH_SECRET;
  const token = readCookie(cookieHeader, SESSION_COOKIE);
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
  if (role === "admin" && member.role !== "admin") {
    throw new AppError("forbidden", "Only a team admin can do this.");
  }
  return member;
}

/** Cookies are marked Secure when the browser reached the dashboard over HTTPS (directly or via a proxy). */
function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}

export function sessionCookieFor(request: Request, memberId: string, version: number): string {
  const { AUTH_SECRET, SESSION_DAYS } = serverConfig();
  if (!AUTH_SECRET) throw new Error("sessionCookieFor needs AUTH_SECRET");
  const maxAge = SESSION_DAYS * 24 * 3600;
  const token = encodeSession(
    { memberId, version, expires: Math.floor(Date.now() / 1000) + maxAge },
    AUTH_SECRET,
  );
  return sessionCookieHeader(token, maxAge, isSecure(request));
}

export function clearedSessionCookie(request: Request): string {
  return sessionCookieHeader("", 0, isSecure(request));
}

import "server-only";
/**
 * Who is calling. Sign-in is on whenever AUTH_SECRET is set; then every route and page checks the
 * session itself (never only a proxy). With sign-in off, callers act as the team, unnamed.
 */
import { AppError } from "@/lib/contract/errors";
import { settings } from "@/lib/server/runtime/config";
import type { Member, Role } from "@/lib/contract";
import { clearedSessionCookieHeaders } from "./session-cookie";
import { secureCookies, sessionFromCookies } from "./sessions";

export function authEnabled(): boolean {
  // Read from the settings without the service's key: sign-in works before the service is set up.
  return settings().AUTH_SECRET !== undefined;
}

/** The signed-in member from a Cookie header, or null. */
export async function memberFromCookies(cookieHeader: string | null): Promise<Member | null> {
  return (await sessionFromCookies(cookieHeader))?.member ?? null;
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

/** Set-Cookie values that end the session (one per cookie name in use). */
export function clearedSessionCookies(request: Request): string[] {
  return clearedSessionCookieHeaders(secureCookies(request));
}

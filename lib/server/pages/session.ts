import "server-only";
/**
 * The session check for pages (server components). Every page calls it itself: proxy.ts only sets
 * headers, and a check made only there would be skipped by anything that reaches a page another way.
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Member, SessionInfo } from "@/lib/contract";
import { signInPath } from "@/lib/domain/next-path";
import { getDb } from "@/lib/server/db/database";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { authEnabled, memberFromCookies } from "@/lib/server/access/session";
import { passwordSignInOn } from "@/lib/server/access/sign-in";
import { ssoName } from "@/lib/server/access/sso-sign-in";

export { authEnabled };

/** The signed-in member from this request's cookies, or null (also when sign-in is off). */
export async function pageMember(): Promise<Member | null> {
  // The raw Cookie header, exactly as the route handlers read it.
  return memberFromCookies((await headers()).get("cookie"));
}

/**
 * The member viewing `path`, or null when sign-in is off (everyone acts as the team). Without a
 * session while sign-in is on, redirects to sign-in, which returns to `path` afterwards.
 */
export async function requirePageMember(path: string): Promise<Member | null> {
  if (!authEnabled()) return null;
  const member = await pageMember();
  if (!member) redirect(signInPath(path));
  return member;
}

/** What `GET /api/auth/session` would answer this request, to render the header without waiting for it. */
export async function pageSessionInfo(): Promise<SessionInfo> {
  const member = authEnabled() ? await pageMember() : null;
  return { authEnabled: authEnabled(), member: member && (await withSpend(await getDb(), member)) };
}

/** How the sign-in page offers to sign in: the password form, single sign-on's button (its name), or both. */
export function signInMethods(): { password: boolean; sso: string | null } {
  return { password: passwordSignInOn(), sso: ssoName() };
}

import "server-only";
/**
 * Signing in and out, and who the caller is: the service of the auth routes. A sign-in is counted as
 * a failure before its password is checked (./throttle.ts), so guesses sent at once cannot all reach
 * the check; a right password takes its own count back. Each sign-in, failed or not, and each
 * sign-out is an entry of the audit log; a failed one names the email tried, never the password.
 */
import { AppError, type Member, type SessionInfo } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { findMemberRowByEmail, setPasswordHash, toMember } from "@/lib/server/ledger/members";
import { settings } from "@/lib/server/runtime/config";
import { actorOf } from "./actor";
import { clientAddress } from "./origin";
import { decoyHash, hasPassword, hashPassword, needsRehash, verifyPassword } from "./password";
import { authEnabled, clearedSessionCookies } from "./session";
import { endSentSession, startSession } from "./sessions";
import { startSignIn } from "./throttle";

export async function signIn(
  request: Request,
  { email, password }: { email: string; password: string },
): Promise<{ member: Member; cookie: string }> {
  if (!authEnabled()) throw new AppError("not_found", "Sign-in is off: set AUTH_SECRET to turn it on.");
  if (!passwordSignInOn())
    throw new AppError(
      "forbidden",
      `Password sign-in is off on this dashboard: sign in with ${settings().OIDC_NAME}.`,
    );
  const address = clientAddress(request, settings().TRUSTED_PROXY_HOPS);
  const db = await getDb();
  // Counted as a failure from here on, unless it succeeds; refused (429) past a limit.
  const attempt = await startSignIn(db, address, email);
  const row = await findMemberRowByEmail(db, email);
  // A member made by single sign-on has no password: checked against the decoy, as an unknown email.
  const stored = row && hasPassword(row.password_hash) ? row.password_hash : await decoyHash();
  const valid = await verifyPassword(password, stored);
  if (!row || stored !== row.password_hash || !valid) {
    await recordAudit(db, { kind: "sign_in.failed", by: { member: null, address }, email });
    throw new AppError("unauthenticated", "Wrong email or password.");
  }
  await attempt.succeeded();
  const member = toMember(row);
  // Said only to someone who knows the password: nobody else learns who was deactivated.
  if (member.deactivatedAt !== null) {
    await recordAudit(db, { kind: "sign_in.failed", by: { member: null, address }, email });
    throw new AppError("unauthenticated", "This member was deactivated. A team admin can reactivate them.");
  }
  await recordAudit(db, { kind: "sign_in.succeeded", by: actorOf(request, member) });
  // The one moment the password is known: a hash made at an older, cheaper cost is replaced.
  if (needsRehash(row.password_hash)) await setPasswordHash(db, row.id, await hashPassword(password));
  const cookie = await startSession(request, row.id);
  return { member: await withSpend(db, member), cookie };
}

/** Whether members may sign in with a password (`PASSWORD_SIGN_IN`); the CLI adds members either way. */
export const passwordSignInOn = () => settings().PASSWORD_SIGN_IN === "on";

/** Whether sign-in is on, and the caller with this month's spend: all a page needs of a session. */
export async function sessionInfo(member: Member | null): Promise<SessionInfo> {
  return { authEnabled: authEnabled(), member: member && (await withSpend(await getDb(), member)) };
}

/**
 * Signs a browser out: ends its session on the server (a copy of the cookie stops working too),
 * records it in the audit log when a member was signed in, and answers the Set-Cookie headers that
 * clear the cookie (the plain and the secure cookie's names).
 */
export async function signOut(request: Request, actor: Actor): Promise<Headers> {
  await endSentSession(request.headers.get("cookie"));
  if (actor.member) await recordAudit(await getDb(), { kind: "session.signed_out", by: actor });
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(request)) headers.append("Set-Cookie", cookie);
  return headers;
}

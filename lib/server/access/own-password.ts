import "server-only";
/**
 * A member changes their own password on **Your account**: the current one is required (and a wrong
 * one counts in the sign-in throttle, as a wrong sign-in does), the new one must pass the policy, and
 * every other session of theirs ends.
 */
import { AppError, type PasswordChange } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { recordAudit } from "@/lib/server/ledger/audit";
import { findMemberRow, setPasswordHash } from "@/lib/server/ledger/members";
import { endSessions } from "@/lib/server/ledger/sessions";
import { settings } from "@/lib/server/runtime/config";
import { actorOf } from "./actor";
import { clientAddress } from "./origin";
import { hashPassword, verifyPassword } from "./password";
import { assertAcceptablePassword } from "./password-policy";
import { callerSession } from "./sessions";
import { startSignIn } from "./throttle";

export async function changeOwnPassword(
  request: Request,
  { currentPassword, newPassword }: PasswordChange,
): Promise<{ changed: true; sessionsEnded: number }> {
  const { member, sessionId } = await callerSession(request);
  assertAcceptablePassword(newPassword, "newPassword");
  const db = await getDb();
  const attempt = await startSignIn(db, clientAddress(request, settings().TRUSTED_PROXY_HOPS), member.email);
  const row = await findMemberRow(db, member.id);
  if (!row || !(await verifyPassword(currentPassword, row.password_hash))) {
    // 422, not 401: the session is fine, only the password typed is wrong.
    throw new AppError("invalid_request", "The current password is wrong.", { field: "currentPassword" });
  }
  await attempt.succeeded();
  await setPasswordHash(db, member.id, await hashPassword(newPassword));
  const sessionsEnded = await endSessions(db, member.id, { except: sessionId });
  await recordAudit(db, { kind: "password.changed", by: actorOf(request, member) });
  return { changed: true, sessionsEnded };
}

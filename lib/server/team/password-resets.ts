import "server-only";
/**
 * Password resets: an admin makes a one-time link for a member (`/reset/<token>`, valid RESET_HOURS,
 * shown once; the ledger keeps only the token's hash). The member opens it and sets a new password:
 * every session of theirs ends, and they are signed in afresh.
 */
import { AppError, type MemberSpend, type OneTimeLink, type ResetPasswordInput } from "@/lib/contract";
import { actorOf } from "@/lib/server/access/actor";
import { openLink } from "@/lib/server/access/link-tokens";
import { hashPassword } from "@/lib/server/access/password";
import { assertAcceptablePassword } from "@/lib/server/access/password-policy";
import { startSession } from "@/lib/server/access/sessions";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { insertLink, resetPasswordByLink } from "@/lib/server/ledger/member-links";
import { findMemberRow, toMember } from "@/lib/server/ledger/members";
import { hashSecretToken, newSecretToken } from "@/lib/server/runtime/secret-tokens";
import { queueLinkMail } from "./link-mail";
import { signedInCaller } from "./sign-in-needed";

const RESET_HOURS = 1;

const noMember = () => new AppError("not_found", "No team member with this id.");

export async function createPasswordReset(memberId: string, by: Actor): Promise<OneTimeLink> {
  const admin = signedInCaller(by.member);
  const db = await getDb();
  const member = await findMemberRow(db, memberId);
  if (!member) throw noMember();
  const token = newSecretToken();
  const row = await insertLink(db, {
    kind: "reset",
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(Date.now() + RESET_HOURS * 3_600_000).toISOString(),
    madeById: admin.id,
    memberId,
  });
  await recordAudit(db, {
    kind: "password_reset.made",
    by,
    target: { type: "member", id: memberId, name: member.name },
  });
  const path = `/reset/${token}`;
  await queueLinkMail(db, {
    event: `password-reset:${row.id}`,
    kind: "password_reset",
    to: member.email,
    subject: "Set a new password for the Render Dashboard",
    lines: [`${admin.name} made you a link to set a new password.`, `It works for ${RESET_HOURS} hours.`],
    link: { text: "Set a new password", path },
  });
  return { path, expiresAt: row.expires_at };
}

/** The member a reset link is for, while it may be used (throws why not). */
async function resetTarget(request: Request, token: string) {
  const link = await openLink(request, token, "reset");
  const row = link.member_id === null ? undefined : await findMemberRow(await getDb(), link.member_id);
  if (!row) throw new AppError("link_unusable", "This link's member is no longer on the team.");
  if (row.deactivated_at !== null) {
    throw new AppError("link_unusable", "This member was deactivated. A team admin can reactivate them.");
  }
  return { link, row };
}

/** What the reset page shows: whose password it sets. */
export async function resetForToken(request: Request, token: string): Promise<{ name: string }> {
  return { name: (await resetTarget(request, token)).row.name };
}

/** Sets the new password through the link, ends every session of the member, and signs them in. */
export async function resetPassword(
  request: Request,
  input: ResetPasswordInput,
): Promise<{ member: MemberSpend; cookie: string }> {
  const { link, row } = await resetTarget(request, input.token);
  assertAcceptablePassword(input.password, "password");
  const db = await getDb();
  const done = await resetPasswordByLink(
    db,
    link.id,
    new Date().toISOString(),
    row.id,
    await hashPassword(input.password),
  );
  if (!done)
    throw new AppError("link_unusable", "This link was already used. Ask a team admin for a new one.");
  const member = toMember(row);
  await recordAudit(db, {
    kind: "password_reset.used",
    by: actorOf(request, member),
    target: { type: "member", id: row.id, name: row.name },
  });
  return { member: await withSpend(db, member), cookie: await startSession(request, row.id) };
}

import "server-only";
/**
 * Invites: an admin invites someone by name (an email and a role), and gets a one-time link
 * (`/join/<token>`, valid INVITE_DAYS, shown once; the ledger keeps only the token's hash). The
 * invitee opens it, sets their name and password, and is signed in. Pending invites are listed and
 * may be revoked; a used, revoked or expired link signs nobody in.
 */
import {
  AppError,
  type Invite,
  type InviteCreated,
  type InviteInput,
  type InviteList,
  type JoinInput,
  type MemberSpend,
} from "@/lib/contract";
import { actorOf } from "@/lib/server/access/actor";
import { openLink } from "@/lib/server/access/link-tokens";
import { hashPassword } from "@/lib/server/access/password";
import { assertAcceptablePassword } from "@/lib/server/access/password-policy";
import { startSession } from "@/lib/server/access/sessions";
import { getDb } from "@/lib/server/db/database";
import type { MemberLinkRow } from "@/lib/server/db/schema";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { insertLink, joinByInvite, listPendingInvites, revokeInvite } from "@/lib/server/ledger/member-links";
import { findMemberRowByEmail, listMemberNames } from "@/lib/server/ledger/members";
import { hashSecretToken, newSecretToken } from "@/lib/server/runtime/secret-tokens";
import { queueLinkMail } from "./link-mail";
import { signedInCaller } from "./sign-in-needed";

const INVITE_DAYS = 7;

const emailTaken = () =>
  new AppError("invalid_request", "A member with this email is already on the team.", { field: "email" });

function toInvite(row: MemberLinkRow, names: ReadonlyMap<string, string>): Invite {
  const maker = row.made_by_id === null ? undefined : names.get(row.made_by_id);
  return {
    id: row.id,
    name: row.name ?? "",
    email: row.email,
    role: row.role === "admin" ? "admin" : "member",
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    madeBy: row.made_by_id !== null && maker !== undefined ? { id: row.made_by_id, name: maker } : null,
  };
}

const namesById = async () => new Map((await listMemberNames(await getDb())).map((m) => [m.id, m.name]));

/** What the audit log names of an invite: its id and whom it invites, never its token. */
const inviteTarget = (id: string, name: string | null) => ({ type: "invite", id, name });

export async function createInvite(input: InviteInput, by: Actor): Promise<InviteCreated> {
  const admin = signedInCaller(by.member);
  const db = await getDb();
  const email = input.email?.toLowerCase() ?? null;
  if (email !== null && (await findMemberRowByEmail(db, email))) throw emailTaken();
  const token = newSecretToken();
  const row = await insertLink(db, {
    kind: "invite",
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(Date.now() + INVITE_DAYS * 24 * 3_600_000).toISOString(),
    madeById: admin.id,
    name: input.name,
    email,
    role: input.role,
  });
  await recordAudit(db, {
    kind: "invite.made",
    by,
    target: inviteTarget(row.id, row.name),
    change: { before: {}, after: { role: input.role } },
  });
  const path = `/join/${token}`;
  if (email !== null) {
    await queueLinkMail(db, {
      event: `invite:${row.id}`,
      kind: "invite",
      to: email,
      subject: `${admin.name} invited you to the team's Render Dashboard`,
      lines: [
        `${admin.name} invited you to join the team's Render Dashboard.`,
        `The link works for ${INVITE_DAYS} days.`,
      ],
      link: { text: "Join the team", path },
    });
  }
  return {
    invite: toInvite(row, new Map([[admin.id, admin.name]])),
    link: { path, expiresAt: row.expires_at },
  };
}

export async function pendingInvites(by: Actor): Promise<InviteList> {
  signedInCaller(by.member);
  const [rows, names] = await Promise.all([
    listPendingInvites(await getDb(), new Date().toISOString()),
    namesById(),
  ]);
  return { items: rows.map((row) => toInvite(row, names)) };
}

export async function revokeInviteAs(id: string, by: Actor): Promise<void> {
  signedInCaller(by.member);
  const db = await getDb();
  if (!(await revokeInvite(db, id, new Date().toISOString()))) {
    throw new AppError("not_found", "No pending invite with this id.");
  }
  await recordAudit(db, { kind: "invite.revoked", by, target: inviteTarget(id, null) });
}

/** What the join page shows of an invite: whom it invites (throws when the link cannot be used). */
export async function inviteForToken(
  request: Request,
  token: string,
): Promise<{ name: string; email: string | null }> {
  const link = await openLink(request, token, "invite");
  return { name: link.name ?? "", email: link.email };
}

/** The invitee joins: their member is added with the invite's role, and they are signed in. */
export async function joinTeam(
  request: Request,
  input: JoinInput,
): Promise<{ member: MemberSpend; cookie: string }> {
  const link = await openLink(request, input.token, "invite");
  const email = link.email ?? input.email?.toLowerCase();
  if (!email) throw new AppError("invalid_request", "email is required", { field: "email" });
  assertAcceptablePassword(input.password, "password");
  const db = await getDb();
  const joined = await joinByInvite(db, link.id, new Date().toISOString(), {
    email,
    name: input.name,
    role: link.role === "admin" ? "admin" : "member",
    passwordHash: await hashPassword(input.password),
  });
  if (joined === undefined)
    throw new AppError("link_unusable", "This link was already used. Ask a team admin for a new one.");
  if (joined === "emailTaken") throw emailTaken();
  await recordAudit(db, {
    kind: "invite.used",
    by: actorOf(request, joined),
    target: inviteTarget(link.id, link.name),
  });
  return { member: await withSpend(db, joined), cookie: await startSession(request, joined.id) };
}

import "server-only";
/**
 * One-time links (migration 016): invites (`kind` "invite") and password resets ("reset"). The ledger
 * keeps the SHA-256 of a link's token; a link is used at most once, by the claim in the transaction
 * that uses it (two uses at once: one wins).
 */
import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "@/lib/server/db/database";
import type { Database, MemberLinkRow } from "@/lib/server/db/schema";
import type { Member } from "@/lib/contract";
import { withChanges, type NoteChange } from "./changes";
import { findMemberRowByEmail, insertMemberIn, type NewMember } from "./members";

export type LinkKind = "invite" | "reset";

export interface NewLink {
  kind: LinkKind;
  tokenHash: string;
  expiresAt: string;
  madeById: string | null;
  /** reset: whose password. */
  memberId?: string;
  /** invite: who is invited. */
  name?: string;
  email?: string | null;
  role?: string;
}

const ID_PREFIX: Record<LinkKind, string> = { invite: "inv_", reset: "rst_" };

export async function insertLink(db: Db, link: NewLink): Promise<MemberLinkRow> {
  const row: MemberLinkRow = {
    id: `${ID_PREFIX[link.kind]}${randomBytes(12).toString("base64url")}`,
    kind: link.kind,
    token_hash: link.tokenHash,
    member_id: link.memberId ?? null,
    name: link.name ?? null,
    email: link.email ?? null,
    role: link.role ?? null,
    made_by_id: link.madeById,
    created_at: new Date().toISOString(),
    expires_at: link.expiresAt,
    used_at: null,
    revoked_at: null,
  };
  await withChanges(db, async (tx, note) => {
    await tx.insertInto("member_links").values(row).execute();
    if (link.kind === "invite") note("team");
  });
  return row;
}

export async function findLinkByTokenHash(db: Db, tokenHash: string): Promise<MemberLinkRow | undefined> {
  return db.selectFrom("member_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Invites not used, revoked or expired at `now`, newest first. */
export async function listPendingInvites(db: Db, now: string): Promise<MemberLinkRow[]> {
  return db
    .selectFrom("member_links")
    .selectAll()
    .where("kind", "=", "invite")
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** Revokes a pending invite; false when there is none with this id. */
export async function revokeInvite(db: Db, id: string, now: string): Promise<boolean> {
  return withChanges(db, async (tx, note) => {
    const result = await tx
      .updateTable("member_links")
      .set({ revoked_at: now })
      .where("id", "=", id)
      .where("kind", "=", "invite")
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    const revoked = Number(result.numUpdatedRows) > 0;
    if (revoked) note("team");
    return revoked;
  });
}

/**
 * Uses a link and does what it is for, in one transaction: `use` runs only when this call claimed
 * the link (not used, revoked or expired at `now`), and its failure leaves the link unused.
 * Undefined: the link could not be claimed.
 */
async function claimLinkAnd<T>(
  db: Db,
  id: string,
  now: string,
  use: (tx: Transaction<Database>, note: NoteChange) => Promise<T>,
): Promise<T | undefined> {
  return withChanges(db, async (tx, note) => {
    const claimed = await tx
      .updateTable("member_links")
      .set({ used_at: now })
      .where("id", "=", id)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return undefined;
    return use(tx, note);
  });
}

/**
 * Uses an invite: adds the member it invites (the invite notes whom). Undefined: the invite could not
 * be claimed; `emailTaken`: a member has this email (the invite stays unused).
 */
export async function joinByInvite(
  db: Db,
  id: string,
  now: string,
  input: NewMember,
): Promise<Member | "emailTaken" | undefined> {
  try {
    return await claimLinkAnd(db, id, now, async (tx, note) => {
      if (await findMemberRowByEmail(tx, input.email)) throw new EmailTaken();
      const member = await insertMemberIn(tx, input);
      await tx.updateTable("member_links").set({ member_id: member.id }).where("id", "=", id).execute();
      note("team");
      return member;
    });
  } catch (error) {
    if (error instanceof EmailTaken) return "emailTaken";
    throw error;
  }
}

/** Thrown inside a join's transaction to roll its claim back. */
class EmailTaken extends Error {}

/**
 * Uses a password reset: stores the new hash and ends every session of the member. False: the link
 * could not be claimed.
 */
export async function resetPasswordByLink(
  db: Db,
  id: string,
  now: string,
  memberId: string,
  passwordHash: string,
): Promise<boolean> {
  const done = await claimLinkAnd(db, id, now, async (tx, note) => {
    await tx.updateTable("members").set({ password_hash: passwordHash }).where("id", "=", memberId).execute();
    await tx.deleteFrom("sessions").where("member_id", "=", memberId).execute();
    note("session", memberId);
    return true;
  });
  return done === true;
}

import "server-only";
/**
 * Members' accounts at the OpenID provider (single sign-on), each by issuer and subject: finding the
 * member an account belongs to, linking an account to a member, and adding a member with one.
 */
import type { Db } from "@/lib/server/db/database";
import type { MemberRow } from "@/lib/server/db/schema";
import { withChanges } from "./changes";
import { newMemberRow, type NewMember } from "./members";

export interface Identity {
  issuer: string;
  subject: string;
}

/** The member this account belongs to, or undefined when it is not linked to one. */
export async function findMemberRowByIdentity(db: Db, identity: Identity): Promise<MemberRow | undefined> {
  return db
    .selectFrom("identities")
    .innerJoin("members", "members.id", "identities.member_id")
    .selectAll("members")
    .where("identities.issuer", "=", identity.issuer)
    .where("identities.subject", "=", identity.subject)
    .executeTakeFirst();
}

/** Whether the member already has an account at this issuer. */
export async function hasIdentityAt(db: Db, memberId: string, issuer: string): Promise<boolean> {
  const row = await db
    .selectFrom("identities")
    .select("subject")
    .where("member_id", "=", memberId)
    .where("issuer", "=", issuer)
    .executeTakeFirst();
  return row !== undefined;
}

/** Links an account to an existing member. */
export async function linkIdentity(db: Db, memberId: string, identity: Identity): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("identities")
    .values({ ...identity, member_id: memberId, created_at: now, last_sign_in_at: now })
    .execute();
}

/** Adds a member and links the account to them, in one transaction: neither exists without the other. */
export async function insertMemberWithIdentity(
  db: Db,
  input: NewMember,
  identity: Identity,
): Promise<MemberRow> {
  const row = newMemberRow(input);
  await withChanges(db, async (tx, note) => {
    await tx.insertInto("members").values(row).execute();
    await tx
      .insertInto("identities")
      .values({ ...identity, member_id: row.id, created_at: row.created_at, last_sign_in_at: row.created_at })
      .execute();
    note("team");
  });
  return row;
}

/** Notes a sign-in with the account. */
export async function touchIdentity(db: Db, identity: Identity): Promise<void> {
  await db
    .updateTable("identities")
    .set({ last_sign_in_at: new Date().toISOString() })
    .where("issuer", "=", identity.issuer)
    .where("subject", "=", identity.subject)
    .execute();
}

import "server-only";
/** Team members, their roles and monthly credit caps, and what each has spent this month. */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "@/lib/server/db/database";
import type { MemberRow } from "@/lib/server/db/schema";
import type { Member, MemberPatch, Role } from "@/lib/contract";
import { withChanges } from "./changes";
import { getTeamSettings } from "./team-settings";

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === "admin" ? "admin" : "member",
    monthlyCapCredits: row.monthly_cap_credits,
  };
}

/** Adds a member whose password the team layer has already hashed (lib/server/team/members.ts). */
export async function insertMember(
  db: Db,
  input: { email: string; name: string; role: Role; passwordHash: string },
): Promise<Member> {
  const row = {
    id: `mem_${randomBytes(12).toString("base64url")}`,
    email: input.email.trim().toLowerCase(),
    name: input.name.trim(),
    role: input.role,
    password_hash: input.passwordHash,
    monthly_cap_credits: null,
    created_at: new Date().toISOString(),
  };
  await withChanges(db, async (tx, note) => {
    await tx.insertInto("members").values(row).execute();
    note("team");
  });
  return toMember({ ...row, session_version: 1, deactivated_at: null });
}

export async function findMemberRowByEmail(db: Db, email: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom("members")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Replaces a member's stored password hash (the team layer hashes; e.g. raising an older hash's cost). */
export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable("members").set({ password_hash: passwordHash }).where("id", "=", id).execute();
}

export async function findMemberRow(db: Db, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listMembers(db: Db): Promise<Member[]> {
  return (await db.selectFrom("members").selectAll().orderBy("name").execute()).map(toMember);
}

/** Every member's id and name, by name. */
export async function listMemberNames(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom("members").select(["id", "name"]).orderBy("name").execute();
}

export async function countMembers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function updateMember(db: Db, id: string, patch: MemberPatch): Promise<Member | undefined> {
  if (patch.role === undefined && patch.monthlyCapCredits === undefined) {
    const unchanged = await findMemberRow(db, id);
    return unchanged && toMember(unchanged);
  }
  const row = await withChanges(db, async (tx, note) => {
    note("team");
    return tx
      .updateTable("members")
      .set({
        ...(patch.role !== undefined && { role: patch.role }),
        ...(patch.monthlyCapCredits !== undefined && { monthly_cap_credits: patch.monthlyCapCredits }),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  });
  return row && toMember(row);
}

/** The start of the current calendar month in UTC, when caps reset. */
export function monthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/**
 * Credits spent this month: charges less refunds of the renders a member started, or (`memberId`
 * null) of every render of the team, those made with sign-in off included.
 */
export async function monthlySpend(db: Db, memberId: string | null, now = new Date()): Promise<number> {
  let query = db
    .selectFrom("renders")
    .select(sql<number>`coalesce(sum(credits_charged - credits_refunded), 0)`.as("spent"))
    .where("created_at", ">=", monthStart(now));
  if (memberId !== null) query = query.where("member_id", "=", memberId);
  const row = await query.executeTakeFirst();
  return Number(row?.spent ?? 0);
}

/** The cap that applies to a member: their own, else the team default, else none. */
export async function effectiveCap(db: Db, member: Member): Promise<number | null> {
  return member.monthlyCapCredits ?? (await getTeamSettings(db)).defaultMonthlyCapCredits;
}

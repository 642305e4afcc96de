import "server-only";
/** Team members, their roles and monthly credit caps, and what each has spent this month. */
import { randomBytes } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Db } from "@/lib/server/db/database";
import type { Database, MemberRow } from "@/lib/server/db/schema";
import { AppError, deactivatedName, type Member, type MemberPatch, type Role } from "@/lib/contract";
import { serializeChangeLog } from "@/lib/server/db/dialect";
import { withChanges } from "./changes";
import { getTeamSettings } from "./team-settings";

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === "admin" ? "admin" : "member",
    monthlyCapCredits: row.monthly_cap_credits,
    deactivatedAt: row.deactivated_at,
  };
}

/** A member to add, whose password the team layer has already hashed (lib/server/team/members.ts). */
export interface NewMember {
  email: string;
  name: string;
  role: Role;
  /** Already hashed, or a value no password matches (a member made by single sign-on). */
  passwordHash: string;
}

/** A new member's row, as every way of adding one writes it. */
export function newMemberRow(input: NewMember): MemberRow {
  return {
    id: `mem_${randomBytes(12).toString("base64url")}`,
    email: input.email.trim().toLowerCase(),
    name: input.name.trim(),
    role: input.role,
    password_hash: input.passwordHash,
    session_version: 1,
    monthly_cap_credits: null,
    created_at: new Date().toISOString(),
    deactivated_at: null,
  };
}

/** Adds a member. */
export async function insertMember(db: Db, input: NewMember): Promise<Member> {
  return withChanges(db, async (tx, note) => {
    note("team");
    return insertMemberIn(tx, input);
  });
}

/** Adds a member inside a transaction that notes the change (insertMember, joining by invite). */
export async function insertMemberIn(tx: Transaction<Database>, input: NewMember): Promise<Member> {
  const row = newMemberRow(input);
  await tx.insertInto("members").values(row).execute();
  return toMember(row);
}

export async function findMemberRowByEmail(
  db: Db | Transaction<Database>,
  email: string,
): Promise<MemberRow | undefined> {
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

/** Every member's id and name, by name; a deactivated member's name says so. */
export async function listMemberNames(db: Db): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom("members")
    .select(["id", "name", "deactivated_at"])
    .orderBy("name")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.deactivated_at === null ? row.name : deactivatedName(row.name),
  }));
}

/** The active members' ids and names (whom a comment may mention). */
export async function activeMemberNames(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom("members").select(["id", "name"]).where("deactivated_at", "is", null).execute();
}

/** Of these member ids, those deactivated now. */
export async function deactivatedAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("members")
    .select("id")
    .where("id", "in", [...new Set(ids)])
    .where("deactivated_at", "is not", null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Deactivates a member (`at`: when) or reactivates them (null). Deactivating ends every session of
 * theirs in the same transaction and notes a `session` change, so every process refuses them at
 * once. The team's last active admin is never deactivated: checked under the change log's lock, so
 * two admins deactivating each other at once cannot both succeed. Undefined: no such member.
 */
export async function setMemberDeactivated(
  db: Db,
  id: string,
  at: string | null,
): Promise<MemberRow | undefined> {
  return withChanges(db, async (tx, note) => {
    await serializeChangeLog(tx);
    const target = await tx.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirst();
    if (!target) return undefined;
    if (at !== null && target.role === "admin") {
      const others = await tx
        .selectFrom("members")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("role", "=", "admin")
        .where("deactivated_at", "is", null)
        .where("id", "!=", id)
        .executeTakeFirst();
      if (Number(others?.n ?? 0) === 0) {
        throw new AppError(
          "last_admin",
          "The team's last active admin cannot be deactivated: make another admin first.",
        );
      }
    }
    const row = await tx
      .updateTable("members")
      .set({ deactivated_at: at })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (at !== null) {
      await tx.deleteFrom("sessions").where("member_id", "=", id).execute();
      // Their devices hear nothing more either.
      await tx.deleteFrom("push_subscriptions").where("member_id", "=", id).execute();
    }
    note("team");
    note("session", id);
    return row;
  });
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

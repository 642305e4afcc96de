import "server-only";
/**
 * The team's members as the Team page and the CLI use them: adding one (the password is hashed here,
 * so the ledger never sees it in clear), listing them with this month's spend, and changing a role or
 * a cap (each change an entry of the audit log, before and after).
 */
import { AppError, type Member, type MemberPatch, type MemberSpend, type Role } from "@/lib/contract";
import { changeOf } from "@/lib/domain/audit";
import { hashPassword } from "@/lib/server/access/password";
import { getDb, type Db } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { withSpend } from "@/lib/server/ledger/member-spend";
import {
  findMemberRow,
  insertMember,
  listMemberNames,
  listMembers,
  toMember,
  updateMember,
} from "@/lib/server/ledger/members";

export async function addMember(
  db: Db,
  input: { email: string; name: string; role: Role; password: string },
): Promise<Member> {
  const { password, ...rest } = input;
  return insertMember(db, { ...rest, passwordHash: await hashPassword(password) });
}

export async function membersWithSpend(): Promise<MemberSpend[]> {
  const db = await getDb();
  return Promise.all((await listMembers(db)).map((m) => withSpend(db, m)));
}

/** Names only, for everyone signed in (the gallery's "Who" filter): nothing else of a member. */
export async function memberNames(): Promise<{ id: string; name: string }[]> {
  return listMemberNames(await getDb());
}

/** An admin changes a member's role or cap; never their own role away, so the team keeps its admin. */
export async function changeMember(id: string, patch: MemberPatch, by: Actor): Promise<MemberSpend> {
  if (by.member?.id === id && patch.role === "member") {
    throw new AppError("invalid_request", "An admin cannot remove their own admin role.", { field: "role" });
  }
  const db = await getDb();
  const before = await findMemberRow(db, id);
  const updated = before && (await updateMember(db, id, patch));
  if (!before || !updated) throw new AppError("not_found", "No team member with this id.");
  const was = toMember(before);
  const target = { type: "member", id, name: was.name };
  const role = changeOf({ role: was.role }, { role: patch.role });
  if (role) await recordAudit(db, { kind: "member.role_changed", by, target, change: role });
  const cap = changeOf(
    { monthlyCapCredits: was.monthlyCapCredits },
    { monthlyCapCredits: patch.monthlyCapCredits },
  );
  if (cap) await recordAudit(db, { kind: "member.cap_changed", by, target, change: cap });
  return withSpend(db, updated);
}

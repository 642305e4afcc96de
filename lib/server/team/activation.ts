import "server-only";
/**
 * Members leaving and coming back. Deactivating ends the member's sessions and stops their API tokens
 * at once (the next request answers 401, their open event streams close), refuses their sign-in, and
 * keeps their name on what they made, marked "(deactivated)". Reactivating restores them: they sign
 * in again, and their tokens work again.
 */
import { AppError, type MemberSpend } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { setMemberDeactivated, toMember } from "@/lib/server/ledger/members";
import { signedInCaller } from "./sign-in-needed";

async function setActivation(id: string, at: string | null, by: Actor): Promise<MemberSpend> {
  const db = await getDb();
  const row = await setMemberDeactivated(db, id, at);
  if (!row) throw new AppError("not_found", "No team member with this id.");
  await recordAudit(db, {
    kind: at === null ? "member.reactivated" : "member.deactivated",
    by,
    target: { type: "member", id, name: row.name },
  });
  return withSpend(db, toMember(row));
}

/** An admin deactivates a member: never themselves, never the team's last active admin. */
export async function deactivateMember(id: string, by: Actor): Promise<MemberSpend> {
  if (signedInCaller(by.member).id === id)
    throw new AppError("invalid_request", "An admin cannot deactivate themselves.");
  return setActivation(id, new Date().toISOString(), by);
}

export async function reactivateMember(id: string, by: Actor): Promise<MemberSpend> {
  signedInCaller(by.member);
  return setActivation(id, null, by);
}

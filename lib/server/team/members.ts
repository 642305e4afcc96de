import "server-only";
/** Adding a team member: the password is hashed here, so the ledger never sees it in clear. */
import type { Member, Role } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import { insertMember } from "@/lib/server/ledger/members";
import { hashPassword } from "@/lib/server/access/password";

export async function addMember(
  db: Db,
  input: { email: string; name: string; role: Role; password: string },
): Promise<Member> {
  const { password, ...rest } = input;
  return insertMember(db, { ...rest, passwordHash: await hashPassword(password) });
}

/** Members added to a test stack's ledger and signed in, for tests of who may do what. */
import { getDb } from "@/lib/server/db";
import { addMember } from "@/lib/server/team/members";
import type { Stack } from "@/test/server-stack";

export interface TestMember {
  email: string;
  password: string;
  name: string;
}

/** A team of three: an admin and two members. */
export const ADMIN: TestMember = { email: "ada@example.com", password: "correct horse battery", name: "Ada" };
export const GRACE: TestMember = {
  email: "grace@example.com",
  password: "another long secret",
  name: "Grace",
};
export const LINUS: TestMember = {
  email: "linus@example.com",
  password: "a third long secret",
  name: "Linus",
};

/** The members' ids and session cookies, by name. */
export interface SignedInTeam {
  ids: Record<string, string>;
  cookies: Record<string, string>;
}

/** Adds ADMIN (an admin), GRACE and LINUS (members) and signs each in. */
export const signedInTeam = (stack: Stack) =>
  signedInMembers(stack, [
    [ADMIN, "admin"],
    [GRACE, "member"],
    [LINUS, "member"],
  ]);

/** Adds each member with their role and signs them in. */
export async function signedInMembers(
  stack: Stack,
  members: readonly (readonly [TestMember, "admin" | "member"])[],
): Promise<SignedInTeam> {
  const db = await getDb(stack.databaseUrl);
  const { ids, cookies }: SignedInTeam = { ids: {}, cookies: {} };
  for (const [who, role] of members) {
    ids[who.name] = (await addMember(db, { ...who, role })).id;
    const response = await stack.call("POST", "/api/auth/sign-in", {
      json: { email: who.email, password: who.password },
    });
    cookies[who.name] = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }
  return { ids, cookies };
}

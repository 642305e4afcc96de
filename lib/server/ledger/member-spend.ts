import "server-only";
import type { Member, MemberSpend } from "@/lib/contract";
import type { Db } from "@/lib/server/db";
import { effectiveCap, monthlySpend } from "./members";

/** A member as the account panel and the admin page show them: with this month's spend and cap. */
export async function withSpend(db: Db, member: Member): Promise<MemberSpend> {
  return {
    ...member,
    spentThisMonth: await monthlySpend(db, member.id),
    effectiveCapCredits: await effectiveCap(db, member),
  };
}

import "server-only";
import type { Member, MemberSpend } from "@/lib/contract";
import type { LimitKind } from "@/lib/domain/alerts";
import type { Db } from "@/lib/server/db/database";
import { effectiveCap, monthlySpend } from "./members";
import { getTeamSettings } from "./team-settings";

/** A member as the account panel and the admin page show them: with this month's spend and cap. */
export async function withSpend(db: Db, member: Member): Promise<MemberSpend> {
  return {
    ...member,
    spentThisMonth: await monthlySpend(db, member.id),
    effectiveCapCredits: await effectiveCap(db, member),
  };
}

/** A limit that applies to a caller, with what was spent against it this UTC month. */
export interface SpendLimit {
  kind: LimitKind;
  /** Whose cap (`member_cap`); null for the team's budget. */
  member: Member | null;
  limit: number;
  spent: number;
}

/** The limits that apply to `member` (null: sign-in off, the team's budget only). */
export async function spendLimits(db: Db, member: Member | null, now = new Date()): Promise<SpendLimit[]> {
  const limits: SpendLimit[] = [];
  const cap = member && (await effectiveCap(db, member));
  if (member && cap !== null) {
    limits.push({ kind: "member_cap", member, limit: cap, spent: await monthlySpend(db, member.id, now) });
  }
  const budget = (await getTeamSettings(db)).monthlyBudgetCredits;
  if (budget !== null) {
    limits.push({
      kind: "team_budget",
      member: null,
      limit: budget,
      spent: await monthlySpend(db, null, now),
    });
  }
  return limits;
}

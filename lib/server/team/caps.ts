import "server-only";
/**
 * Spend limits, checked before a create is sent: the member's monthly cap and the team's monthly
 * budget. The service cannot enforce them, since the whole team shares one key and one balance. The
 * same limits drive the 80 % and 100 % alerts (lib/server/notices).
 */
import { AppError, type Member } from "@/lib/contract";
import { wouldPassLimit, type LimitKind } from "@/lib/domain/alerts";
import { formatNumber } from "@/lib/domain/format";
import type { Db } from "@/lib/server/db";
import { effectiveCap, monthlySpend } from "@/lib/server/ledger/members";
import { getTeamSettings } from "@/lib/server/ledger/team-settings";

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

/**
 * Refuses a render whose estimated cost (`credits`: null when unknown) would pass the member's cap
 * or the team's budget; the first limit it would pass is named, with its numbers.
 */
export async function assertWithinLimits(
  db: Db,
  member: Member | null,
  credits: number | null,
): Promise<void> {
  const limits = await spendLimits(db, member);
  for (const { kind, limit, spent } of limits) {
    if (!wouldPassLimit(spent, limit, credits)) continue;
    const cost = credits === null ? "" : ` (about ${formatNumber(credits)} credits)`;
    const numbers = `${formatNumber(spent)} of ${formatNumber(limit)} credits spent.`;
    throw kind === "member_cap"
      ? new AppError(
          "member_cap_reached",
          `This render${cost} would pass your monthly cap: ${numbers} Ask a team admin to raise it.`,
        )
      : new AppError(
          "team_budget_reached",
          `This render${cost} would pass the team's monthly budget: ${numbers}`,
        );
  }
}

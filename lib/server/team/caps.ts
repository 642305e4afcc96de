import "server-only";
/**
 * Spend limits, checked before a create is sent: the member's monthly cap and the team's monthly
 * budget. The service cannot enforce them, since the whole team shares one key and one balance. The
 * same limits drive the 80 % and 100 % alerts (lib/server/notices).
 */
import { AppError, type Member } from "@/lib/contract";
import { wouldPassLimit } from "@/lib/domain/alerts";
import { formatNumber } from "@/lib/domain/format";
import type { Db } from "@/lib/server/db/database";
import { spendLimits } from "@/lib/server/ledger/member-spend";

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

import "server-only";
/**
 * Member credit caps, checked before a create is sent: the service cannot enforce them, since the
 * whole team shares one key and one balance.
 */
import { AppError, type Member } from "@/lib/contract";
import { formatNumber } from "@/lib/domain/format";
import type { Db } from "@/lib/server/db";
import { effectiveCap, monthlySpend } from "@/lib/server/ledger/members";

/** Refuses a render whose estimated cost (`credits`, null when unknown) would pass the member's cap. */
export async function assertWithinCap(db: Db, member: Member, credits: number | null): Promise<void> {
  const cap = await effectiveCap(db, member);
  if (cap === null) return;
  const spent = await monthlySpend(db, member.id);
  // Without an estimate the cost is unknown; once the cap is used up, nothing more may start.
  const over = credits === null ? spent >= cap : spent + credits > cap;
  if (!over) return;
  const cost = credits === null ? "" : ` (about ${formatNumber(credits)} credits)`;
  throw new AppError(
    "member_cap_reached",
    `This render${cost} would pass your monthly cap: ${formatNumber(spent)} of ${formatNumber(cap)} credits spent. Ask a team admin to raise it.`,
  );
}

import "server-only";
/**
 * Member credit caps, checked before a create is sent: the service cannot enforce them, since the
 * whole team shares one key and one balance.
 */
import { formatNumber } from "@/lib/domain/format";
import { AppError } from "@/lib/contract/errors";
import type { RenderRequest } from "@/lib/domain/render-request";
import type { Db } from "@/lib/server/db";
import { estimateCost } from "@/lib/server/renders/estimate";
import { effectiveCap, monthlySpend, type Member } from "@/lib/server/ledger/members";

export async function assertWithinCap(db: Db, member: Member | null, request: RenderRequest): Promise<void> {
  if (!member) return;
  const cap = await effectiveCap(db, member);
  if (cap === null) return;
  const spent = await monthlySpend(db, member.id);
  const { credits } = await estimateCost(request);
  // Without an estimate the cost is unknown; once the cap is used up, nothing more may start.
  const over = credits === null ? spent >= cap : spent + credits > cap;
  if (!over) return;
  const cost = credits === null ? "" : ` (about ${formatNumber(credits)} credits)`;
  throw new AppError(
    "member_cap_reached",
    `This render${cost} would pass your monthly cap: ${formatNumber(spent)} of ${formatNumber(cap)} credits spent. Ask a team admin to raise it.`,
  );
}

import "server-only";
/**
 * The usage page's answer (docs/api.md, "Usage"): admins (and everyone, with sign-in off) see the
 * team's spend and the balance's forecast; a member sees their own spend and their cap.
 */
import type { Member, Usage, UsageQuery } from "@/lib/contract";
import { forecast, lastDays, resolveUsageRange, utcDay } from "@/lib/domain/usage";
import { getAccount } from "@/lib/server/account/cached-account";
import { getDb, type Db } from "@/lib/server/db/database";
import { listMembers, monthStart } from "@/lib/server/ledger/members";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { boardSpend, netSpend, usageCells, type UsageScope } from "@/lib/server/ledger/usage";

export async function usageFor(query: UsageQuery, member: Member | null, now = new Date()): Promise<Usage> {
  const db = await getDb();
  const { from, to } = resolveUsageRange(query, utcDay(now));
  const team = member === null || member.role === "admin";
  const scope: UsageScope = { from, to, memberId: team ? undefined : member.id };
  const [cells, boards, members, teamForecast] = await Promise.all([
    usageCells(db, scope),
    boardSpend(db, scope),
    membersMonth(db, team ? null : member),
    team ? balanceForecast(db, now) : Promise.resolve(null),
  ]);
  return {
    from,
    to,
    timeZone: "UTC",
    scope: team ? "team" : "member",
    cells,
    boards,
    members,
    forecast: teamForecast,
  };
}

/** This month's spend and cap of every member (the team), or of `only`, as the account panel has them. */
async function membersMonth(db: Db, only: Member | null): Promise<Usage["members"]> {
  const members = only ? [only] : await listMembers(db);
  return Promise.all(
    members.map(async (m) => {
      const { id, name, spentThisMonth, effectiveCapCredits } = await withSpend(db, m);
      return { id, name, spentThisMonth, capCredits: effectiveCapCredits };
    }),
  );
}

/** Where the team's balance is heading; null while the service's account cannot be read. */
async function balanceForecast(db: Db, now: Date): Promise<Usage["forecast"]> {
  const account = await getAccount().catch(() => null);
  if (!account) return null;
  const today = utcDay(now);
  const [lastWeekNet, spentThisMonth] = await Promise.all([
    netSpend(db, lastDays(7, now)),
    netSpend(db, { from: utcDay(Date.parse(monthStart(now))), to: today }),
  ]);
  return forecast({
    balance: account.renderCreditsBalance,
    monthlyGrant: account.monthlyGrant,
    lastWeekNet,
    spentThisMonth,
    now,
  });
}

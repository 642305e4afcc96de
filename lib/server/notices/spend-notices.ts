import "server-only";
/**
 * Spend alerts (docs/spend.md): after a charge, each limit that applies to the member (their cap, the
 * team's budget) is checked for a new 80 % or 100 % crossing; whenever the balance is read, it is
 * checked against the team's low-balance threshold. A crossing becomes a notice once, with its inbox
 * items, which the outbox's leader sends on by the channels chosen for spend (email, push, the team's
 * chat). The checks run after the render's own work and never fail it: their errors are logged.
 */
import type { Member, Notice } from "@/lib/contract";
import { alertMessage, balanceChange, crossingKey, newCrossing, utcMonth } from "@/lib/domain/alerts";
import { getDb, type Db } from "@/lib/server/db/database";
import { favouritesOwner } from "@/lib/server/ledger/favourites";
import { spendLimits } from "@/lib/server/ledger/member-spend";
import {
  alertedThresholds,
  dismissNotice,
  listNotices,
  lowBalanceState,
  rearmLowBalance,
  recordNotice,
  type NoticeViewer,
} from "@/lib/server/ledger/notices";
import { getTeamSettings } from "@/lib/server/ledger/team-settings";

const log = (message: string) => console.error(`[alerts] ${message}`);

/** Who reads notices: with sign-in off, everyone acts as the team (as an admin). */
export function noticeViewer(member: Member | null): NoticeViewer {
  return { owner: favouritesOwner(member), memberId: member?.id ?? null, admin: member?.role !== "member" };
}

export async function notices(member: Member | null): Promise<{ items: Notice[] }> {
  return { items: await listNotices(await getDb(), noticeViewer(member)) };
}

export async function dismiss(member: Member | null, id: string): Promise<void> {
  await dismissNotice(await getDb(), noticeViewer(member), id);
}

/** After a create was charged: checks the member's limits in the background. */
export function afterCharge(member: Member | null): void {
  void (async () => checkSpend(await getDb(), member))().catch((error: unknown) =>
    log(`spend alerts not checked: ${String(error)}`),
  );
}

/** Records a notice for each limit of `member` whose spend newly crossed a threshold. */
async function checkSpend(db: Db, member: Member | null, now = new Date()): Promise<Notice[]> {
  const recorded: Notice[] = [];
  for (const { kind, member: whose, limit, spent } of await spendLimits(db, member, now)) {
    const threshold = newCrossing(spent, limit, await alertedThresholds(db, kind, whose?.id ?? null, now));
    if (threshold === null) continue;
    const subject = whose?.id ?? "team";
    const notice = await recordNotice(db, {
      crossingKey: crossingKey({ kind, subject, threshold, month: utcMonth(now) }),
      kind,
      threshold,
      member: whose && { id: whose.id, name: whose.name },
      spent,
      limit,
      balance: null,
      message:
        kind === "member_cap"
          ? alertMessage({ kind, memberName: whose?.name ?? "", threshold, spent, limit })
          : alertMessage({ kind, threshold, spent, limit }),
    });
    if (notice) recorded.push(notice);
  }
  return recorded;
}

/** Whenever the balance is read: alerts once per fall under the threshold, re-armed by a rise above it. */
export function afterBalanceRead(balance: number): void {
  void (async () => checkBalance(await getDb(), balance))().catch((error: unknown) =>
    log(`balance alert not checked: ${String(error)}`),
  );
}

async function checkBalance(db: Db, balance: number): Promise<Notice | null> {
  const threshold = (await getTeamSettings(db)).lowBalanceCredits;
  const state = await lowBalanceState(db);
  const change = balanceChange(balance, threshold, state.armed);
  if (change === "rearm" && state.lastId !== null) await rearmLowBalance(db, state.lastId);
  if (change !== "alert" || threshold === null) return null;
  return recordNotice(db, {
    crossingKey: crossingKey({ kind: "low_balance", fall: state.falls + 1 }),
    kind: "low_balance",
    threshold,
    member: null,
    spent: null,
    limit: null,
    balance,
    message: alertMessage({ kind: "low_balance", balance, threshold }),
  });
}

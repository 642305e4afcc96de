import "server-only";
/**
 * Spend alerts (docs/spend.md): after a charge, each limit that applies to the member (their cap, the
 * team's budget) is checked for a new 80 % or 100 % crossing; whenever the balance is read, it is
 * checked against the team's low-balance threshold. A crossing becomes a notice (and, with
 * ALERT_WEBHOOK_URL set, a webhook delivery) once. The checks run after the render's own work and
 * never fail it: their errors are logged.
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
  type NewNotice,
  type NoticeViewer,
} from "@/lib/server/ledger/notices";
import { getTeamSettings } from "@/lib/server/ledger/team-settings";
import { settings } from "@/lib/server/runtime/config";
import { startedSingleton, stopStartedSingleton } from "@/lib/server/runtime/process-singleton";
import { WebhookSender } from "./webhook";

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
    const notice = await record(db, {
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
  return record(db, {
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

/** Records a notice and, with a webhook set, queues its delivery and wakes the sender. */
async function record(db: Db, input: NewNotice): Promise<Notice | null> {
  const url = settings().ALERT_WEBHOOK_URL;
  const notice = await recordNotice(db, input, url === undefined ? null : webhookBody);
  if (notice && url !== undefined) (await getWebhookSender())?.wake();
  return notice;
}

/** What the webhook POSTs: Slack's `text`, and the notice for receivers that read fields. */
function webhookBody(notice: Notice, key: string) {
  return { text: notice.message, crossingKey: key, notice };
}

const SENDER = "alert-webhook-sender";

/** The process's webhook sender, started on first use (or at server start, to resume the outbox). */
export function getWebhookSender(): Promise<WebhookSender | null> {
  return startedSingleton(SENDER, async () => {
    const url = settings().ALERT_WEBHOOK_URL;
    if (url === undefined) return null;
    const sender = new WebhookSender({ db: await getDb(), url });
    sender.wake();
    return sender;
  });
}

/** Stops the sender (shutdown, tests); an attempt under way finishes first. */
export function stopWebhookSender(): Promise<void> {
  return stopStartedSingleton<WebhookSender | null>(SENDER, (sender) => sender?.stop());
}

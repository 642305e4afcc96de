/**
 * Spend limits and their alerts, as arithmetic: whether a render would pass a limit, which alert
 * threshold a month's spend has newly crossed, what an alert says and its key in the outbox. Pure, so the server and the tests share one definition.
 */
import { formatNumber } from "./format";

/** The shares of a limit (in %) at which its alert is sent. */
export const ALERT_THRESHOLDS = [80, 100] as const;

export type LimitKind = "member_cap" | "team_budget";
export type AlertKind = LimitKind | "low_balance";

/**
 * Whether a render of `credits` (null: unknown) would pass `limit` with `spent` already spent. An
 * unknown cost is refused only once the limit is used up.
 */
export function wouldPassLimit(spent: number, limit: number, credits: number | null): boolean {
  return credits === null ? spent >= limit : spent + credits > limit;
}

/** The thresholds `spent` has reached of `limit`, lowest first (none before anything is spent). */
export function reachedThresholds(spent: number, limit: number): number[] {
  if (spent <= 0) return [];
  return ALERT_THRESHOLDS.filter((threshold) => spent * 100 >= threshold * limit);
}

/**
 * The threshold to alert now: the highest one reached, unless it or a higher one was already sent
 * this month. A jump from 50 % to 100 % sends only the 100 % alert, and 80 % is not sent after it.
 */
export function newCrossing(spent: number, limit: number, sent: readonly number[]): number | null {
  const highest = reachedThresholds(spent, limit).at(-1);
  if (highest === undefined) return null;
  return sent.some((threshold) => threshold >= highest) ? null : highest;
}

/**
 * What a balance reading does to the low-balance alert: `alert` when it fell under the threshold
 * while armed (the alert is then disarmed), `rearm` when it is back at or above the threshold while
 * disarmed, else nothing. `threshold` null: the alert is off.
 */
export function balanceChange(
  balance: number,
  threshold: number | null,
  armed: boolean,
): "alert" | "rearm" | null {
  if (threshold === null) return null;
  if (balance < threshold) return armed ? "alert" : null;
  return armed ? null : "rearm";
}

/** The UTC month a crossing belongs to (caps and the budget reset with it): `2026-11`. */
export function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/**
 * A crossing's key, which makes it sent once: (kind, subject, threshold, month) for a limit, and for
 * the balance the number of its fall below the threshold (a rise above re-arms it).
 */
export function crossingKey(
  crossing:
    | { kind: LimitKind; subject: string; threshold: number; month: string }
    | { kind: "low_balance"; fall: number },
): string {
  return crossing.kind === "low_balance"
    ? `low_balance:${crossing.fall}`
    : `${crossing.kind}:${crossing.subject}:${crossing.threshold}:${crossing.month}`;
}

/**
 * The outbox's event of a crossing's message to the team's chat: one per crossing, whichever process
 * or reader's item brings it (migration 027 keyed the alerts it moved from `alert_outbox` alike).
 */
export const spendEvent = (crossingKey: string) => `spend:${crossingKey}`;

/** What an alert says, in the dashboard and in the team chat's `text`. */
export function alertMessage(
  alert:
    | { kind: "member_cap"; memberName: string; threshold: number; spent: number; limit: number }
    | { kind: "team_budget"; threshold: number; spent: number; limit: number }
    | { kind: "low_balance"; balance: number; threshold: number },
): string {
  if (alert.kind === "low_balance") {
    return `The team's credit balance is ${formatNumber(alert.balance)}, under the alert threshold of ${formatNumber(alert.threshold)} credits.`;
  }
  const share = alert.threshold >= 100 ? "all" : `${alert.threshold} %`;
  const whose = alert.kind === "member_cap" ? `${alert.memberName} has` : "The team has";
  const limit = alert.kind === "member_cap" ? "their monthly cap" : "its monthly budget";
  return `${whose} used ${share} of ${limit}: ${formatNumber(alert.spent)} of ${formatNumber(alert.limit)} credits spent this month.`;
}

/**
 * Where the credits went (the usage page, docs/architecture.md "Usage and spend"): the ledger's
 * spend as cells of one UTC day, one model and one member, and what the page makes of them: days
 * with their stacks, totals, tables, a forecast and a CSV. Days are UTC everywhere, so two people
 * in different zones see the same bars; the page says so.
 */
import { csvText } from "./csv";

/** Spend of one UTC day, one model and one member (null: sign-in was off), as the ledger adds it up. */
export interface UsageCell {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  model: string;
  memberId: string | null;
  memberName: string | null;
  charged: number;
  refunded: number;
  renders: number;
  /** Renders that failed (the service refunds them). */
  failures: number;
  /** Credits the failed ones gave back. */
  failureRefunds: number;
}

export interface UsageTotals {
  charged: number;
  refunded: number;
  /** Charged less refunded. */
  net: number;
  renders: number;
  failures: number;
  failureRefunds: number;
}

export type UsageStackBy = "model" | "member";

/** The longest range the page asks for at once. */
export const USAGE_MAX_DAYS = 366;
export const USAGE_PRESET_DAYS = [7, 30, 90] as const;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` that names a real calendar day from 1970 to 9998 (so the day after it is one too). */
export function isUsageDay(value: string): boolean {
  if (!ISO_DAY.test(value) || value < "1970" || value >= "9999") return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The UTC day `time` falls on. */
export function utcDay(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The range shown when an address or a query does not say: 30 days. */
const USAGE_DEFAULT_DAYS = 30;

/**
 * The days a query asks for: both bounds as given; one bound with the 30 days that start or end
 * there; neither, the last 30 days up to `today`.
 */
export function resolveUsageRange(
  query: { from?: string; to?: string },
  today: string,
): { from: string; to: string } {
  const span = USAGE_DEFAULT_DAYS - 1;
  if (query.from !== undefined) return { from: query.from, to: query.to ?? addDays(query.from, span) };
  const to = query.to ?? today;
  return { from: addDays(to, -span), to };
}

/** The last `count` days up to and including today (UTC). */
export function lastDays(count: number, now: Date | number): { from: string; to: string } {
  const to = utcDay(now);
  return { from: addDays(to, 1 - count), to };
}

/** The instant a UTC day starts, as the ledger writes its times. */
export const dayStartIso = (day: string) => `${day}T00:00:00.000Z`;

export function sumCells(cells: readonly UsageCell[]): UsageTotals {
  const totals: UsageTotals = { charged: 0, refunded: 0, net: 0, renders: 0, failures: 0, failureRefunds: 0 };
  for (const cell of cells) {
    totals.charged += cell.charged;
    totals.refunded += cell.refunded;
    totals.renders += cell.renders;
    totals.failures += cell.failures;
    totals.failureRefunds += cell.failureRefunds;
  }
  totals.net = totals.charged - totals.refunded;
  return totals;
}

/** What a cell is stacked and tabled under: its model, or who started it. */
function stackKey(cell: UsageCell, by: UsageStackBy): string {
  if (by === "model") return cell.model;
  return cell.memberName ?? "Team (sign-in off)";
}

export interface UsageGroup extends UsageTotals {
  key: string;
}

/** Totals per model or per member, the largest net spend first. */
export function groupCells(cells: readonly UsageCell[], by: UsageStackBy): UsageGroup[] {
  const groups = new Map<string, UsageCell[]>();
  for (const cell of cells) {
    const key = stackKey(cell, by);
    const group = groups.get(key);
    if (group) group.push(cell);
    else groups.set(key, [cell]);
  }
  return [...groups]
    .map(([key, part]) => ({ key, ...sumCells(part) }))
    .sort((a, b) => b.net - a.net || a.key.localeCompare(b.key));
}

export interface UsageDay {
  day: string;
  /** Net credits of the day. */
  net: number;
  /** Net credits per stack key, in the order of `UsageSeries.keys`; 0 where there were none. */
  parts: number[];
}

export interface UsageSeries {
  /** The stacks, the largest over the range first. */
  keys: string[];
  /** Every day of the range, those without spend included. */
  days: UsageDay[];
}

/** The chart's bars: net credits per day from `from` to `to`, stacked by model or by member. */
export function dailySeries(
  cells: readonly UsageCell[],
  range: { from: string; to: string },
  by: UsageStackBy,
): UsageSeries {
  const keys = groupCells(cells, by).map((group) => group.key);
  const index = new Map(keys.map((key, i) => [key, i]));
  const days = new Map(
    daysBetween(range.from, range.to).map((day) => [day, { day, net: 0, parts: keys.map(() => 0) }]),
  );
  for (const cell of cells) {
    const bar = days.get(cell.day);
    if (!bar) continue;
    const net = cell.charged - cell.refunded;
    bar.net += net;
    const at = index.get(stackKey(cell, by)) as number;
    bar.parts[at] = (bar.parts[at] ?? 0) + net;
  }
  return { keys, days: [...days.values()] };
}

export interface UsageForecast {
  /** Net credits a day over the last 7 days. */
  burnPerDay: number;
  balance: number;
  /** The UTC day the balance runs out at that rate; null when nothing is being spent. */
  runsOutOn: string | null;
  monthlyGrant: number;
  spentThisMonth: number;
  /** This month's spend so far plus the rate for the days left in it. */
  monthEndProjection: number;
}

/**
 * Where the balance is heading, at the rate of the last 7 days (`lastWeekNet`, their net spend):
 * the day it runs out, and what the month will have spent against the monthly grant.
 */
export function forecast(input: {
  balance: number;
  monthlyGrant: number;
  lastWeekNet: number;
  spentThisMonth: number;
  now: Date | number;
}): UsageForecast {
  const { balance, monthlyGrant, spentThisMonth, now } = input;
  const burnPerDay = Math.max(0, input.lastWeekNet) / 7;
  const today = utcDay(now);
  let runsOutOn: string | null = null;
  if (balance <= 0) runsOutOn = today;
  else if (burnPerDay > 0) runsOutOn = addDays(today, Math.floor(balance / burnPerDay));
  const date = new Date(now);
  const lastOfMonth = utcDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
  // Today counts as a day still to spend: the rate is per whole day, today's spend is partial.
  const daysLeft = daysBetween(today, lastOfMonth).length;
  return {
    burnPerDay,
    balance,
    runsOutOn,
    monthlyGrant,
    spentThisMonth,
    monthEndProjection: Math.round(spentThisMonth + burnPerDay * daysLeft),
  };
}

const CSV_COLUMNS = [
  "day (UTC)",
  "model",
  "member",
  "charged",
  "refunded",
  "net",
  "renders",
  "failures",
  "failure refunds",
] as const;

/** The cells behind the page's view as a spreadsheet: one row per day, model and member. */
export function usageCsv(cells: readonly UsageCell[]): string {
  const rows = [...cells].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.model.localeCompare(b.model) ||
      stackKey(a, "member").localeCompare(stackKey(b, "member")),
  );
  return csvText([
    CSV_COLUMNS,
    ...rows.map((cell) => [
      cell.day,
      cell.model,
      stackKey(cell, "member"),
      cell.charged,
      cell.refunded,
      cell.charged - cell.refunded,
      cell.renders,
      cell.failures,
      cell.failureRefunds,
    ]),
  ]);
}

/** The name the stacks beyond the chart's colours are gathered under. */
export const OTHER_STACK = "Other";

/** The series with stacks past the first `max - 1` gathered as one "Other" stack, so `max` colours do. */
export function foldSeries(series: UsageSeries, max: number): UsageSeries {
  if (series.keys.length <= max) return series;
  const kept = max - 1;
  return {
    keys: [...series.keys.slice(0, kept), OTHER_STACK],
    days: series.days.map((day) => ({
      ...day,
      parts: [...day.parts.slice(0, kept), day.parts.slice(kept).reduce((sum, part) => sum + part, 0)],
    })),
  };
}

/** A value axis from 0 to a round number at or above `max` (1, 2 or 5 times a power of ten), with its ticks. */
export function niceScale(max: number, tickCount = 4): { top: number; ticks: number[] } {
  if (max <= 0) return { top: tickCount, ticks: Array.from({ length: tickCount + 1 }, (_, i) => i) };
  const rough = max / tickCount;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  const steps = Math.ceil(max / step);
  return { top: steps * step, ticks: Array.from({ length: steps + 1 }, (_, i) => i * step) };
}

const SHORT_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const LONG_DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** `2026-11-03` → `"Nov 3"`: a chart's axis. */
export const shortDay = (day: string) => SHORT_DAY.format(Date.parse(`${day}T00:00:00Z`));

/** `2026-11-03` → `"Nov 3, 2026"`. */
export const longDay = (day: string) => LONG_DAY.format(Date.parse(`${day}T00:00:00Z`));

export type UsagePreset = (typeof USAGE_PRESET_DAYS)[number];

/**
 * The range a usage page address asks for (`?days=7|30|90`, or `?from=&to=`), given the UTC day
 * it is; the last 30 days otherwise.
 */
export function usageRange(
  params: { days?: string | null; from?: string | null; to?: string | null },
  today: string,
): { from: string; to: string; preset: UsagePreset | null } {
  const { from, to } = params;
  if (from && to && isUsageDay(from) && isUsageDay(to) && from <= to) {
    if (daysBetween(from, to).length <= USAGE_MAX_DAYS) return { from, to, preset: null };
  }
  const preset = USAGE_PRESET_DAYS.find((days) => String(days) === params.days) ?? USAGE_DEFAULT_DAYS;
  return { from: addDays(today, 1 - preset), to: today, preset };
}

/**
 * How the dashboard words numbers, durations and statuses. Pure functions, one place, so every card,
 * panel and page says the same thing the same way. Numbers use a fixed locale so the server and the
 * browser render identical text.
 */

const NUMBER = new Intl.NumberFormat("en-US");

/** `12345` → `"12,345"`. */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** "1 render", "3 renders". */
export const renderCount = (n: number) => (n === 1 ? "1 render" : `${formatNumber(n)} renders`);

/** `1` → `"1 credit"`, `1240` → `"1,240 credits"`. */
export function formatCredits(credits: number): string {
  return `${formatNumber(credits)} ${Math.abs(credits) === 1 ? "credit" : "credits"}`;
}

/** A clock-style duration: `12` → `"0:12"`, `75` → `"1:15"`, `3723` → `"1:02:03"`. Negative counts as 0. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Elapsed against the typical time of an unfinished render: `"0:12 of ~0:40"`. */
export function formatElapsed(elapsedSeconds: number, expectedSeconds: number): string {
  return `${formatClock(elapsedSeconds)} of ~${formatClock(expectedSeconds)}`;
}

/** Seconds between two ISO timestamps (0 when either is unreadable or the order is reversed). */
export function secondsBetween(fromIso: string, to: string | number): number {
  const from = Date.parse(fromIso);
  const end = typeof to === "number" ? to : Date.parse(to);
  if (Number.isNaN(from) || Number.isNaN(end)) return 0;
  return Math.max(0, (end - from) / 1000);
}

/** First letter upper-cased, the rest as given: `"queued"` → `"Queued"`. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const STATUS_WORDS: Record<string, string> = {
  pending: "Pending",
  running: "Running",
  ready: "Ready",
  failed: "Failed",
  awaiting_approval: "Awaiting approval",
  declined: "Declined",
  submitting: "Submitting",
  unknown: "Outcome unknown",
  rejected: "Rejected",
  lost: "Lost",
};

/** The word a person reads for a ledger status; a status the service invents is shown as sent. */
export function statusWord(status: string): string {
  return STATUS_WORDS[status] ?? (capitalise(status.trim()) || "Unknown status");
}

/**
 * The refund line of a failed (or partly completed stitched) render, or null when nothing came back:
 * `"Refunded 240 credits"`, or `"Refunded 120 of 240 credits"` when only part of the charge returned.
 */
export function refundText(render: { creditsRefunded: number; creditsCharged: number }): string | null {
  const { creditsRefunded: refunded, creditsCharged: charged } = render;
  if (refunded <= 0) return null;
  if (charged > refunded) return `Refunded ${formatNumber(refunded)} of ${formatCredits(charged)}`;
  return `Refunded ${formatCredits(refunded)}`;
}

/** A prompt cut to `max` characters at a word boundary when one is near, with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The API key as the account shows it: `"demo-team-1 ····am_1"`. */
export function keyLabel(key: { name: string; last4: string }): string {
  return `${key.name} ····${key.last4}`;
}

/** Percentage of `value` in `max`, clamped to 0–100 (0 when `max` is not positive). */
export function percentOf(value: number, max: number): number {
  if (!(max > 0)) return 0;
  return Math.min(100, Math.max(0, (value / max) * 100));
}

/**
 * How long ago something happened, at a glance: `"just now"`, `"3 min ago"`, `"5 h ago"`,
 * `"12 d ago"`; beyond a year in months is not useful at a glance, so past 60 days it is null and
 * the caller shows the date.
 */
export function formatAge(seconds: number): string | null {
  const s = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  if (s < 45) return "just now";
  if (s < 3_600) return `${Math.max(1, Math.round(s / 60))} min ago`;
  if (s < 86_400) return `${Math.round(s / 3_600)} h ago`;
  if (s < 60 * 86_400) return `${Math.round(s / 86_400)} d ago`;
  return null;
}

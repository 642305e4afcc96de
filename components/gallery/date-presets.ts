/**
 * The date filter's presets, each stored in the URL as its first day (the viewer's local day), with
 * no end: "Today" is from today, "Last 7 days" from six days before it.
 */
import { dayOf } from "./filters-url";

export const DATE_PRESETS = [
  { value: "today", label: "Today", daysBack: 0 },
  { value: "7d", label: "Last 7 days", daysBack: 6 },
  { value: "30d", label: "Last 30 days", daysBack: 29 },
] as const;

/** The day `days` before today (0: today), in the viewer's time zone. */
export function daysAgo(days: number, now = new Date()): string {
  return dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days));
}

/**
 * The preset a range is, if it is one, on the viewer's day at `now` (the browser's clock: a server
 * in another time zone would name another day).
 */
export function presetOf(from: string | undefined, to: string | undefined, now: Date) {
  if (!from || to) return undefined;
  return DATE_PRESETS.find((preset) => daysAgo(preset.daysBack, now) === from);
}

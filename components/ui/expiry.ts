/**
 * A share link's expiry as the dialog offers it: never, a number of days from now, or the end of a
 * chosen day in the sharer's own time zone.
 */
export const EXPIRY_CHOICES = [
  { value: "never", label: "Never" },
  { value: "1", label: "1 day" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "date", label: "On a date…" },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]["value"];

const DAY_MS = 24 * 3600_000;

/** `yyyy-mm-dd` of a local day. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * When the link stops working, as ISO 8601; null for never; "invalid" for a date that is missing,
 * malformed or already over.
 */
export function expiryInstant(choice: ExpiryChoice, day: string, now: Date): string | null | "invalid" {
  if (choice === "never") return null;
  if (choice !== "date") return new Date(now.getTime() + Number(choice) * DAY_MS).toISOString();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return "invalid";
  // The last moment of that day where the sharer is: "until the 3rd" includes the 3rd.
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  if (Number.isNaN(end.getTime()) || localDay(end) !== day || end <= now) return "invalid";
  return end.toISOString();
}

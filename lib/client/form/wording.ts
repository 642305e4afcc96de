/** Wording shared by the form's options and its notes, so a value reads the same everywhere. */
import type { DurationRule } from "@/lib/domain/catalogue";

/** "a", "a or b", "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** Video resolutions are sent in lower case (`4k`) but read as 4K beside 720p and 1080p. */
export function resolutionLabel(value: string): string {
  return value.toUpperCase() === "4K" ? "4K" : value;
}

export function durationRangeLabel(rule: DurationRule): string {
  return rule.type === "snap" ? `${orList(rule.steps.map(String))} s` : `${rule.min}–${rule.max} s`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const BYTE_UNITS = ["bytes", "KB", "MB", "GB"] as const;

/** `1536` → `"1.5 KB"`, `524288000` → `"500 MB"` (binary multiples, as file managers show them). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, "")} ${BYTE_UNITS[unit]}`;
}

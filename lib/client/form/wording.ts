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

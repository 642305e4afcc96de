/**
 * `Retry-After` (RFC 9110 §10.2.3): either whole seconds or an HTTP date. Pure.
 */

/** Seconds to wait, rounded up; undefined when the header is absent or unreadable. A past date gives 0. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  // Fractions are not in the RFC but some servers send them; rounding up never retries too early.
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text));
  // Only the date form may be handed to Date.parse, which would otherwise read "-5" or "12abc" as dates.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

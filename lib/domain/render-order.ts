/**
 * How a list of renders may be ordered and limited in time, as the list API, the gallery's URL and
 * the live updates all read it.
 */

/**
 * `newest` (the default) and `oldest` by when the render was requested; `credits` by its create
 * request's charge, highest first (a batch's variants share it and stay together), newest first
 * among equals; `rating` by the caller's own rating, highest first (unrated last), newest first
 * among equals.
 */
export const RENDER_SORTS = ["newest", "oldest", "credits", "rating"] as const;
export type RenderSort = (typeof RENDER_SORTS)[number];

export const isRenderSort = (value: string): value is RenderSort =>
  (RENDER_SORTS as readonly string[]).includes(value);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The first instant of a date range's `from`: a day (`2026-05-01`, UTC) from its start, or an
 * ISO 8601 instant as it is. Null when it is neither.
 */
export function rangeStart(from: string): string | null {
  const time = Date.parse(DAY.test(from) ? `${from}T00:00:00.000Z` : from);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The last instant of a range's `to`: a day (UTC) to its last millisecond, or an instant as it is. */
export function rangeEnd(to: string): string | null {
  const time = Date.parse(DAY.test(to) ? `${to}T23:59:59.999Z` : to);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

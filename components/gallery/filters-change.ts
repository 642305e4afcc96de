/**
 * Changing the gallery's filters in the URL, and the status choices the filter bar offers. Loaded
 * with the filter bar, not with the page: a gallery is read from its URL first (filters-url.ts).
 * Changes use `history.replaceState`, which Next's router picks up (useSearchParams updates) without
 * a server round trip or a new history entry per keystroke.
 */
import { ALL_STATUSES } from "@/lib/domain/statuses";
import { FILTER_KEYS, isKind, modelsForKind, type FilterKey } from "./filters-url";

/** Statuses offered in the filter, in the order a person thinks of them. */
export const FILTER_STATUSES = ALL_STATUSES;

/** Every unfinished status at once (the list route takes a comma-separated status list). */
export const IN_PROGRESS_FILTER = ["submitting", "pending", "running", "unknown"].join(",");

/**
 * The query string after changing one filter. Other parameters (the form's `edit`) are kept; choosing
 * a kind drops a model of the other kind.
 */
export function withFilter(
  current: URLSearchParams,
  key: FilterKey,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(key, value);
  else next.delete(key);
  if (key === "kind") {
    const model = next.get("model");
    if (model && !modelsForKind(value && isKind(value) ? value : undefined).some((m) => m.id === model)) {
      next.delete("model");
    }
  }
  return next;
}

export function withoutFilters(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) next.delete(key);
  return next;
}

/** `null` state on purpose: Next ignores calls that pass its own history state, and would not sync. */
function replaceQuery(next: URLSearchParams) {
  const query = next.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
}

const currentQuery = () => new URLSearchParams(window.location.search);

export const setFilterInUrl = (key: FilterKey, value: string | undefined) =>
  replaceQuery(withFilter(currentQuery(), key, value));

export const clearFiltersInUrl = () => replaceQuery(withoutFilters(currentQuery()));

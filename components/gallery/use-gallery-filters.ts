"use client";

/**
 * The gallery's filters, kept in the URL. Changes use `history.replaceState`, which Next's router
 * picks up (useSearchParams updates) without a server round trip or a new history entry per keystroke.
 */
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import {
  filtersFromSearchParams,
  withFilter,
  withoutFilters,
  type FilterKey,
  type GalleryFilters,
} from "./filters-url";

/** `null` state on purpose: Next ignores calls that pass its own history state, and would not sync. */
function replaceQuery(next: URLSearchParams) {
  const query = next.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
}

const currentQuery = () => new URLSearchParams(window.location.search);

export function useGalleryFilters() {
  const searchParams = useSearchParams();
  const filters: GalleryFilters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const setFilter = useCallback((key: FilterKey, value: string | undefined) => {
    replaceQuery(withFilter(currentQuery(), key, value));
  }, []);
  const clearFilters = useCallback(() => replaceQuery(withoutFilters(currentQuery())), []);
  return { filters, setFilter, clearFilters };
}

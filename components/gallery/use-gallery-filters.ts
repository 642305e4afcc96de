"use client";

/**
 * The gallery's filters, kept in the URL. The code that changes them (filters-change.ts) comes with
 * the filter bar, the only place they are changed from, so by a change it is there.
 */
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { VIEW_PARAM } from "@/components/render/render-links";
import { filtersFromSearchParams, type FilterKey, type GalleryFilters } from "./filters-url";

const loadChange = () => import("./filters-change");

export function useGalleryFilters() {
  const searchParams = useSearchParams();
  // The viewer's place (`?view=`) changes the URL at every step through the renders; the filters,
  // and so the filter bar and the list's query, stay the same objects then.
  const rest = new URLSearchParams(searchParams);
  rest.delete(VIEW_PARAM);
  const query = rest.toString();
  const filters: GalleryFilters = useMemo(() => filtersFromSearchParams(new URLSearchParams(query)), [query]);
  const setFilter = useCallback((key: FilterKey, value: string | undefined) => {
    void loadChange().then(({ setFilterInUrl }) => setFilterInUrl(key, value));
  }, []);
  const clearFilters = useCallback(
    () => void loadChange().then(({ clearFiltersInUrl }) => clearFiltersInUrl()),
    [],
  );
  return { filters, setFilter, clearFilters };
}

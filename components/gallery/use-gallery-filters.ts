"use client";

/**
 * The gallery's filters, kept in the URL. The code that changes them (filters-change.ts) comes with
 * the filter bar, the only place they are changed from, so by a change it is there.
 */
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { filtersFromSearchParams, type FilterKey, type GalleryFilters } from "./filters-url";

const loadChange = () => import("./filters-change");

export function useGalleryFilters() {
  const searchParams = useSearchParams();
  const filters: GalleryFilters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const setFilter = useCallback((key: FilterKey, value: string | undefined) => {
    void loadChange().then(({ setFilterInUrl }) => setFilterInUrl(key, value));
  }, []);
  const clearFilters = useCallback(
    () => void loadChange().then(({ clearFiltersInUrl }) => clearFiltersInUrl()),
    [],
  );
  return { filters, setFilter, clearFilters };
}

"use client";

/**
 * The filter bar's cull filters: the viewer's rating at least N, and the team's tags (read when the
 * bar loads, most used first). Picked and Hide rejected are toggles beside Favourites.
 */
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import { queryKeys } from "@/lib/client/queries/keys";
import { RATINGS } from "@/lib/domain/cull";
import { Choice } from "./filter-choice";
import type { FilterKey, GalleryFilters } from "./filters-url";

const RATING_OPTIONS = RATINGS.map((rating) => ({
  value: String(rating),
  label: rating === 5 ? "5 stars" : `${rating}+ stars`,
}));

interface Props {
  filters: GalleryFilters;
  onChange: (key: FilterKey, value: string | undefined) => void;
}

export function CullFilters({ filters, onChange }: Props) {
  const tags = useQuery({
    queryKey: queryKeys.tags,
    queryFn: () => apiFetch("/api/tags", (c) => c.tagSuggestionsSchema),
  });
  const options = (tags.data?.items ?? []).map(({ tag }) => ({ value: tag, label: tag }));
  // A link may name a tag no render holds any more: keep it selectable rather than blank.
  if (filters.tag && !options.some((option) => option.value === filters.tag))
    options.push({ value: filters.tag, label: filters.tag });
  return (
    <>
      <Choice
        label="Rating"
        value={filters.rating}
        onChange={(v) => onChange("rating", v)}
        allLabel="Any rating"
        options={RATING_OPTIONS}
      />
      <Choice
        label="Tag"
        value={filters.tag}
        onChange={(v) => onChange("tag", v)}
        allLabel="Any tag"
        options={options}
      />
    </>
  );
}

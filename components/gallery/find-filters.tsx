"use client";

/** The filter bar's date range (a select of presets, or a custom pair of days) and its sort. */
import { useId, useState } from "react";
import { useCoarseNow } from "@/components/ui/use-now";
import { DATE_PRESETS, daysAgo, presetOf } from "./date-presets";
import { Choice, FIELD, useEarlyValue } from "./filter-choice";
import type { FilterKey, GalleryFilters } from "./filters-url";

/** The sorts besides the default (newest first, the select's empty choice). */
const SORT_OPTIONS = [
  { value: "oldest", label: "Oldest first" },
  { value: "credits", label: "Most credits" },
  { value: "rating", label: "Highest rated" },
];
const CUSTOM = "custom";

interface Props {
  filters: GalleryFilters;
  onChange: (key: FilterKey, value: string | undefined) => void;
}

export function FindFilters({ filters, onChange }: Props) {
  return (
    <>
      <DateChoice from={filters.from} to={filters.to} onChange={onChange} />
      <Choice
        label="Sort"
        value={filters.sort}
        onChange={(v) => onChange("sort", v)}
        allLabel="Newest first"
        options={SORT_OPTIONS}
      />
    </>
  );
}

function DateChoice({ from, to, onChange }: { from?: string; to?: string; onChange: Props["onChange"] }) {
  // Which preset a range is depends on the viewer's today, which the server (in its own time zone)
  // cannot know: the server and the first render show the range as its days, the browser's clock
  // then names the preset.
  const now = useCoarseNow();
  const preset = now === null ? undefined : presetOf(from, to, new Date(now));
  const [customChosen, setCustomChosen] = useState(false);
  // Once the range is emptied (Clear, or both days cleared), it is "Any date" again.
  const [shown, setShown] = useState({ from, to });
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to });
    if (from === undefined && to === undefined) setCustomChosen(false);
  }
  const custom = customChosen || (!preset && (from !== undefined || to !== undefined));
  const choose = (value: string | undefined) => {
    setCustomChosen(value === CUSTOM);
    if (value === CUSTOM) return;
    const picked = DATE_PRESETS.find((p) => p.value === value);
    onChange("from", picked && daysAgo(picked.daysBack));
    onChange("to", undefined);
  };
  return (
    <>
      <Choice
        label="Date"
        value={custom ? CUSTOM : preset?.value}
        onChange={choose}
        allLabel="Any date"
        options={[...DATE_PRESETS, { value: CUSTOM, label: "Custom range" }]}
      />
      {custom && (
        <span className="col-span-2 flex w-full items-center gap-2 sm:w-auto">
          <Day label="From" value={from} max={to} onChange={(v) => onChange("from", v)} />
          <Day label="To" value={to} min={from} onChange={(v) => onChange("to", v)} />
        </span>
      )}
    </>
  );
}

function Day({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const field = useEarlyValue<HTMLInputElement>(value ?? "", (early) => onChange(early || undefined));
  return (
    <span className="flex flex-1 items-center gap-1 sm:flex-none">
      <label htmlFor={id} className="text-xs text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      <input
        ref={field}
        id={id}
        type="date"
        className={`${FIELD} w-full min-w-0`}
        value={value ?? ""}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </span>
  );
}

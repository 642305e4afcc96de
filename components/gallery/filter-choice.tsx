/** A filter bar's native select with its hidden label, shared by the bar and its lazily loaded part. */
import { useId } from "react";
import { SelectOptions } from "@/components/ui/select-options";

export const FIELD =
  "h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

export function Choice({
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <span className="flex flex-1 items-center sm:flex-none">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        className={`${FIELD} w-full`}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">{allLabel}</option>
        <SelectOptions options={options} />
      </select>
    </span>
  );
}

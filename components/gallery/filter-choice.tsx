/** A filter bar's native select with its hidden label, and what its fields share. */
import { useEffect, useId, useRef } from "react";
import { SelectOptions } from "@/components/ui/select-options";

export const FIELD =
  "h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

/**
 * The bar hydrates after the page (its code loads once the page is interactive), and hydration leaves
 * a field as it is: a value typed or chosen before then is taken up once, here. The ref goes on the field.
 */
export function useEarlyValue<E extends HTMLInputElement | HTMLSelectElement>(
  value: string,
  takeUp: (early: string) => void,
) {
  const field = useRef<E>(null);
  useEffect(() => {
    const early = field.current?.value;
    if (early !== undefined && early !== value) takeUp(early);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on hydration
  return field;
}

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
  const field = useEarlyValue<HTMLSelectElement>(value ?? "", (early) => onChange(early || undefined));
  return (
    <span className="flex flex-1 items-center sm:flex-none">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        ref={field}
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

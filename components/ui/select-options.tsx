/** The `<option>`s of a native select, from value/label pairs. */
export interface SelectOption {
  value: string | number;
  label: string;
}

export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/**
 * An on/off switch: a button with `role="switch"` and `aria-checked`, toggled by click, Space or
 * Enter as any button is. Takes every button prop, `ref` included (a form library's field ref).
 */
import type { ComponentProps } from "react";

export interface SwitchProps extends Omit<ComponentProps<"button">, "onChange"> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function Switch({ checked, onCheckedChange, className = "", ...props }: SwitchProps) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      onClick={() => onCheckedChange(!checked)}
      className={`relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-zinc-300 transition-colors data-[state=checked]:bg-indigo-600 dark:bg-zinc-700 dark:data-[state=checked]:bg-indigo-500 ${className}`}
      {...props}
    >
      <span
        data-state={state}
        className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]"
      />
    </button>
  );
}

/**
 * A labelled text input with its error below it, tied together for assistive technology. Takes
 * every input prop, `ref` included, so a form library's `register()` result spreads straight onto it.
 */
import type { ComponentProps } from "react";
import { CONTROL_CLASSES } from "./field-classes";
import { FieldFrame, fieldState } from "./field-messages";

export interface TextFieldProps extends ComponentProps<"input"> {
  id: string;
  label: string;
  error?: string;
}

export function TextField({ id, label, error, className = "", ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} className="flex flex-col gap-1.5">
      <input
        id={id}
        {...fieldState(id, { error })}
        className={`${CONTROL_CLASSES} h-10 px-3 ${className}`}
        {...input}
      />
    </FieldFrame>
  );
}

"use client";
/**
 * The form's field primitives: a label, the control, then the field's hint, model-switch note and
 * error, each tied to the control with aria-describedby, and `aria-invalid` while it has an error.
 */
import type { ReactNode, TextareaHTMLAttributes } from "react";
import { get, useFormContext, useFormState, useWatch, type FieldError } from "react-hook-form";
import { readableMessage, type RenderFormField, type RenderFormValues } from "@/lib/client/form";

import { CONTROL_CLASSES, LABEL_CLASSES } from "@/components/ui/field-classes";
import { FieldFrame, FieldMessages, fieldState } from "@/components/ui/field-messages";
import { SelectOptions, type SelectOption } from "@/components/ui/select-options";

export { CONTROL_CLASSES, LABEL_CLASSES };

/** The message of a field's error, or of the first entry of a list field's errors. */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { message } = error as FieldError;
  if (typeof message === "string" && message) return message;
  for (const value of Object.values(error)) {
    const nested = messageOf(value);
    if (nested) return nested;
  }
  return undefined;
}

/** The field's current error message, readable, or undefined. */
export function useFieldError(name: RenderFormField): string | undefined {
  const { errors } = useFormState<RenderFormValues>({ name });
  const message = messageOf(get(errors, name));
  return message === undefined ? undefined : readableMessage(name, message);
}

export interface SelectFieldProps {
  name: RenderFormField;
  label: string;
  options: readonly SelectOption[];
  hint?: ReactNode;
  note?: string;
  numeric?: boolean;
  /** Runs after the value changed (e.g. to fit other settings to a new model). */
  onChanged?: () => void;
}

/** A native select: keyboard and screen-reader behaviour for free, and `selectOption` in tests. */
export function SelectField({ name, label, options, hint, note, numeric, onChanged }: SelectFieldProps) {
  const { register, getValues } = useFormContext<RenderFormValues>();
  const error = useFieldError(name);
  const id = `field-${name}`;
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      note={note}
      error={error}
      className="flex min-w-0 flex-col gap-1"
    >
      <select
        id={id}
        {...fieldState(id, { hint, note, error })}
        className={`${CONTROL_CLASSES} h-9 px-2.5`}
        // The server's markup shows the form's value, not the first option, until the form hydrates.
        defaultValue={String(getValues(name))}
        {...register(name, { valueAsNumber: numeric, onChange: onChanged })}
      >
        <SelectOptions options={options} />
      </select>
    </FieldFrame>
  );
}

export interface TextAreaFieldProps {
  name: "prompt" | "negativePrompt";
  label: string;
  maxChars: number;
  rows: number;
  placeholder?: string;
  /** More attributes and handlers for the text area (e.g. a combobox's). */
  control?: TextareaHTMLAttributes<HTMLTextAreaElement>;
  /** Shown under the text area, positioned against it (e.g. a list of suggestions). */
  children?: ReactNode;
}

/** A text area with a live character count against the schema's limit (it turns red past it). */
export function TextAreaField({
  name,
  label,
  maxChars,
  rows,
  placeholder,
  control,
  children,
}: TextAreaFieldProps) {
  const { register } = useFormContext<RenderFormValues>();
  const error = useFieldError(name);
  const length = useWatch<RenderFormValues, typeof name>({ name }).length;
  const id = `field-${name}`;
  const over = length > maxChars;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className={LABEL_CLASSES}>
          {label}
        </label>
        <span
          id={`${id}-count`}
          className={`text-xs tabular-nums ${over ? "font-medium text-red-700 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}
        >
          {length.toLocaleString("en-US")} / {maxChars.toLocaleString("en-US")}
          <span className="sr-only"> characters</span>
        </span>
      </div>
      <div className="relative">
        <textarea
          id={id}
          rows={rows}
          placeholder={placeholder}
          {...fieldState(id, { error, invalid: over, extra: `${id}-count` })}
          className={`${CONTROL_CLASSES} block resize-y px-3 py-2 leading-relaxed`}
          {...control}
          {...register(name)}
        />
        {children}
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

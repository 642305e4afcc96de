"use client";
/**
 * The video's duration: a select for a few choices, or, for a long run of seconds, a number field
 * and a slider bound to the same form value (so either can be used, the number for an exact value,
 * the slider by thumb or arrow keys). The shared schema stays the judge: a typed value outside the
 * model's range gets the field's error like any other.
 */
import { Controller, useFormContext } from "react-hook-form";
import type { DurationRule } from "@/lib/domain/catalogue";
import type { RenderFormValues } from "@/lib/client/form";
import { durationControl } from "@/lib/client/form/duration";
import { FieldMessages, fieldState } from "@/components/ui/field-messages";
import { CONTROL_CLASSES, LABEL_CLASSES, SelectField, useFieldError } from "./field";
import { durationOptions } from "./options";

const ID = "field-durationSeconds";

export interface DurationFieldProps {
  rule: DurationRule;
  hint: string;
  note?: string;
}

export function DurationField({ rule, hint, note }: DurationFieldProps) {
  const control = durationControl(rule);
  if (control.type === "select")
    return (
      <SelectField
        name="durationSeconds"
        label="Duration"
        numeric
        options={durationOptions(rule)}
        note={note}
        hint={hint}
      />
    );
  return <DurationRange {...control} hint={hint} note={note} />;
}

/** "20 seconds", what a screen reader says for the slider's value. */
const spoken = (seconds: number) => `${seconds} second${seconds === 1 ? "" : "s"}`;

function DurationRange({
  min,
  max,
  step,
  hint,
  note,
}: {
  min: number;
  max: number;
  step: number;
  hint: string;
  note?: string;
}) {
  const { control } = useFormContext<RenderFormValues>();
  const error = useFieldError("durationSeconds");
  const messages = { hint, note, error };
  return (
    <Controller
      control={control}
      name="durationSeconds"
      render={({ field }) => {
        const typed = Number.isFinite(field.value);
        // `valueAsNumber` is NaN while the number field is empty: kept, so the schema says so on submit.
        const change = (event: { target: HTMLInputElement }) => field.onChange(event.target.valueAsNumber);
        return (
          <>
            <div className="flex min-w-0 flex-col gap-1">
              <label id={`${ID}-label`} htmlFor={ID} className={LABEL_CLASSES}>
                Duration <span className="font-normal text-zinc-500 dark:text-zinc-400">(seconds)</span>
              </label>
              <input
                id={ID}
                ref={field.ref}
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={step}
                name={field.name}
                value={typed ? field.value : ""}
                onChange={change}
                onBlur={field.onBlur}
                {...fieldState(ID, messages)}
                className={`${CONTROL_CLASSES} h-9 px-2.5 tabular-nums`}
              />
            </div>
            <div className="col-span-2 flex min-w-0 flex-col gap-1">
              <input
                type="range"
                aria-labelledby={`${ID}-label`}
                aria-valuetext={typed ? spoken(field.value) : undefined}
                min={min}
                max={max}
                step={step}
                value={typed ? Math.min(max, Math.max(min, field.value)) : min}
                onChange={change}
                onBlur={field.onBlur}
                {...fieldState(ID, messages)}
                className="h-6 w-full cursor-pointer accent-indigo-600 dark:accent-indigo-400"
              />
              <div
                aria-hidden
                className="flex justify-between text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
              >
                <span>{min} s</span>
                <span>{max} s</span>
              </div>
              <FieldMessages id={ID} {...messages} />
            </div>
          </>
        );
      }}
    />
  );
}

"use client";

/**
 * A number edited in place (a cap, the budget, a threshold in credits; a limit): a whole number, or,
 * where the setting has one, empty for its fallback ("team default" for a member's cap, "no cap" for
 * the team). Saves on Enter or Save.
 */
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASSES } from "@/components/ui/field-classes";

export function parseCredits(text: string): number | null | "invalid" {
  const trimmed = text.trim().replaceAll(",", "");
  if (trimmed === "") return null;
  if (!/^\d{1,9}$/.test(trimmed)) return "invalid";
  return Number(trimmed);
}

export function CreditsEditor({
  label,
  caption,
  value,
  emptyLabel,
  min = 0,
  unit = "credits",
  saving,
  onSave,
}: {
  /** The input's accessible name, e.g. "Monthly cap for Ada". */
  label: string;
  /** A visible label above the field, which its accessible name contains; none by default. */
  caption?: string;
  value: number | null;
  /** What an empty field means, shown as its placeholder; without it a number is required. */
  emptyLabel?: string;
  /** The least number allowed. */
  min?: number;
  /** What the number counts, for the hint under a wrong value. */
  unit?: string;
  saving: boolean;
  onSave: (credits: number | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value === null ? "" : String(value));
  const [synced, setSynced] = useState(value);
  // Follow a saved value (or another admin's change on refetch) unless the admin is mid-edit.
  if (value !== synced) {
    setSynced(value);
    setText(value === null ? "" : String(value));
  }
  const parsed = parseCredits(text);
  const invalid = parsed === "invalid" || (parsed === null ? emptyLabel === undefined : parsed < min);
  const changed = !invalid && parsed !== value;
  const whole = `A whole number of ${unit}${min > 0 ? `, at least ${min}` : ""}`;
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) onSave(parsed);
      }}
    >
      {caption && (
        <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {caption}
        </label>
      )}
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <input
            id={id}
            aria-label={label}
            inputMode="numeric"
            autoComplete="off"
            placeholder={emptyLabel}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            className={`${CONTROL_CLASSES} h-8 w-32 px-2 tabular-nums`}
          />
          {invalid && (
            <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
              {emptyLabel === undefined ? whole : `${whole}, or empty`}
            </p>
          )}
        </div>
        <Button type="submit" size="sm" disabled={!changed} busy={saving} busyText="Saving…">
          Save
        </Button>
      </div>
    </form>
  );
}

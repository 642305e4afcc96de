"use client";

/**
 * A number of credits edited in place (a cap, the budget, a threshold): a whole number, or, where the
 * setting has one, empty for its fallback ("team default" for a member's cap, "no cap" for the team).
 * Saves on Enter or Save.
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
  value,
  emptyLabel,
  saving,
  onSave,
}: {
  /** The input's accessible name, e.g. "Monthly cap for Ada". */
  label: string;
  value: number | null;
  /** What an empty field means, shown as its placeholder; without it a number is required. */
  emptyLabel?: string;
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
  const invalid = parsed === "invalid" || (parsed === null && emptyLabel === undefined);
  const changed = !invalid && parsed !== value;
  return (
    <form
      className="flex items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) onSave(parsed);
      }}
    >
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
            {emptyLabel === undefined ? "A whole number of credits" : "A whole number of credits, or empty"}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" disabled={!changed || saving}>
        {saving ? "Saving…" : "Save"}
      </Button>
    </form>
  );
}

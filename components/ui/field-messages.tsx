/**
 * What a form control says below itself (a hint, a note after a model switch, an error), each with
 * an id the control names in `aria-describedby`.
 */
import type { ReactNode } from "react";
import { LABEL_CLASSES } from "./field-classes";

export function describedBy(
  id: string,
  parts: { hint?: unknown; note?: unknown; error?: unknown; extra?: string },
) {
  const ids = [
    parts.hint ? `${id}-hint` : "",
    parts.note ? `${id}-note` : "",
    parts.error ? `${id}-error` : "",
    parts.extra ?? "",
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export function FieldMessages({
  id,
  hint,
  note,
  error,
}: {
  id: string;
  hint?: ReactNode;
  note?: string;
  error?: string;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {note && (
        <p id={`${id}-note`} className="text-xs text-amber-700 dark:text-amber-400">
          {note}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}

export interface FieldMessageParts {
  hint?: ReactNode;
  note?: string;
  error?: string;
}

/** What a control says about its state: invalid while it has an error, described by its messages. */
export function fieldState(id: string, parts: FieldMessageParts & { invalid?: boolean; extra?: string }) {
  return {
    "aria-invalid": parts.error || parts.invalid ? true : undefined,
    "aria-describedby": describedBy(id, parts),
  } as const;
}

/** A label, the control (children), then the control's messages. */
export function FieldFrame({
  id,
  label,
  className = "flex flex-col gap-1",
  children,
  ...messages
}: FieldMessageParts & { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASSES}>
        {label}
      </label>
      {children}
      <FieldMessages id={id} {...messages} />
    </div>
  );
}

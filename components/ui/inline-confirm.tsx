/**
 * A destructive action's second step, in place of its button: the question, the action again, and
 * Keep. A group named after the question, so each row's confirmation can be told apart.
 */
import type { ReactNode } from "react";
import { Button } from "./button";

export interface InlineConfirmProps {
  /** The group's accessible name, e.g. `Delete Square?`. */
  label: string;
  question: ReactNode;
  /** The confirming button's content. */
  action: ReactNode;
  /** What the confirming button says while the action is under way, e.g. "Revoking…". */
  busyText?: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function InlineConfirm({
  label,
  question,
  action,
  busyText,
  busy,
  onConfirm,
  onCancel,
}: InlineConfirmProps) {
  return (
    <div role="group" aria-label={label} className="flex shrink-0 items-center gap-2">
      <span className="text-sm">{question}</span>
      <Button size="sm" variant="danger" busy={busy} busyText={busyText} onClick={onConfirm}>
        {action}
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={onCancel}>
        Keep
      </Button>
    </div>
  );
}

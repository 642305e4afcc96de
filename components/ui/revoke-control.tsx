"use client";
/** "Revoke" on a row of a list of things handed out (share links, API tokens), confirmed in place. */
import { useState } from "react";
import { Button } from "./button";
import { InlineConfirm } from "./inline-confirm";

export interface RevokeControlProps {
  /** What is revoked, for the buttons' accessible names: `link abc123…`. */
  name: string;
  busy: boolean;
  /** Revokes; `keep` puts the Revoke button back (on a failure: a success removes the row). */
  onConfirm: (keep: () => void) => void;
}

export function RevokeControl({ name, busy, onConfirm }: RevokeControlProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button size="sm" className="shrink-0 self-start" onClick={() => setConfirming(true)}>
        Revoke<span className="sr-only"> {name}</span>
      </Button>
    );
  }
  return (
    <InlineConfirm
      label={`Revoke ${name}?`}
      question="It stops working at once."
      action={
        <>
          Revoke<span className="sr-only"> {name}</span>
        </>
      }
      busy={busy}
      onConfirm={() => onConfirm(() => setConfirming(false))}
      onCancel={() => setConfirming(false)}
    />
  );
}

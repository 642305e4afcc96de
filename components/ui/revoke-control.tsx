"use client";
/**
 * "Revoke" on a row of a list of things handed out (share links, API tokens), confirmed in place,
 * then said in a notification. A failure puts the Revoke button back; a success removes the row.
 */
import { useState } from "react";
import { Button } from "./button";
import { InlineConfirm } from "./inline-confirm";
import { notify } from "./notify";

export interface RevokeControlProps {
  /** What is revoked, for the buttons' accessible names: `link abc123…`. */
  name: string;
  /** What kind of thing, for the notifications: `link`, `token`. */
  noun: string;
  busy: boolean;
  revoke: () => Promise<unknown>;
}

export function RevokeControl({ name, noun, busy, revoke }: RevokeControlProps) {
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    revoke().then(
      () => notify.success(`${noun[0]?.toUpperCase()}${noun.slice(1)} revoked`),
      (error: unknown) => {
        notify.error(`The ${noun} was not revoked`, {
          description: error instanceof Error ? error.message : undefined,
        });
        setConfirming(false);
      },
    );
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
      busyText={
        <>
          Revoking…<span className="sr-only"> {name}</span>
        </>
      }
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setConfirming(false)}
    />
  );
}

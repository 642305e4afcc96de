"use client";
/** A secret shown once (a share link, an API token): read-only, selected on focus, with Copy. */
import { useState } from "react";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Button } from "./button";
import { CONTROL_CLASSES, LABEL_CLASSES } from "./field-classes";

export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [copied, setCopied] = useState<boolean | "failed">(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // The clipboard needs a secure context and the page's focus; the field can still be copied by hand.
      setCopied("failed");
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={LABEL_CLASSES}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          className={`${CONTROL_CLASSES} h-10 min-w-0 flex-1 px-3 font-mono text-xs`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="primary" onClick={() => void copy()}>
          {copied === true ? <CheckIcon /> : <CopyIcon />}
          {copied === true ? "Copied" : "Copy"}
        </Button>
      </div>
      {copied === "failed" && (
        <p className="text-sm text-red-600 dark:text-red-400">
          The browser blocked the clipboard: select it and copy it by hand.
        </p>
      )}
    </div>
  );
}

"use client";
/** A one-time link just made (an invite, a password reset), as a full URL to copy: shown only this once. */
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { LocalTime } from "@/components/ui/local-time";
import type { OneTimeLink } from "@/lib/contract";

export function OneTimeLinkNotice({
  title,
  label,
  link,
  onDone,
}: {
  title: string;
  label: string;
  link: OneTimeLink;
  onDone: () => void;
}) {
  const id = useId();
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800/60 dark:bg-emerald-950/40"
    >
      <p>
        <span className="font-semibold">{title}</span> Copy the link now: it is shown only this once, works
        once, and expires <LocalTime iso={link.expiresAt} />.
      </p>
      <CopyField id={`${id}-link`} label={label} value={`${origin}${link.path}`} />
      <div>
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

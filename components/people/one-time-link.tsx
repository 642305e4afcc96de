"use client";
/** A one-time link just made (an invite, a password reset), as a full URL to copy: shown only this once. */
import { useId } from "react";
import { CopyField } from "@/components/ui/copy-field";
import { LocalTime } from "@/components/ui/local-time";
import { ShownOnce } from "@/components/ui/shown-once";
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
    <ShownOnce onDone={onDone}>
      <p>
        <span className="font-semibold">{title}</span> Copy the link now: it is shown only this once, works
        once, and expires <LocalTime iso={link.expiresAt} />.
      </p>
      <CopyField id={`${id}-link`} label={label} value={`${origin}${link.path}`} />
    </ShownOnce>
  );
}

"use client";

/**
 * A timestamp in the reader's own time zone and locale. The server cannot know either, so it renders
 * the UTC time and the browser replaces it after hydration (no mismatch, no flash of a wrong zone
 * labelled as local).
 */
import { useSyncExternalStore } from "react";

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const noSubscription = () => () => {};

export function LocalTime({ iso }: { iso: string }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  const valid = !Number.isNaN(date.getTime());
  const text = !valid
    ? iso
    : inBrowser
      ? DATE_TIME.format(date)
      : `${iso.slice(0, 19).replace("T", " ")} UTC`;
  return (
    <time dateTime={iso} title={iso} className="tabular-nums">
      {text}
    </time>
  );
}

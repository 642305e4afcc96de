"use client";

/**
 * An age at a glance ("3 min ago"), with the exact local time on hover. Before the browser's clock is
 * known (server render, first paint) and past 60 days it shows the date instead.
 */
import { formatAge, secondsBetween } from "@/lib/domain/format";
import { useCoarseNow } from "./use-now";

const EXACT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useCoarseNow();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const age = now === null ? null : formatAge(secondsBetween(iso, now));
  return (
    <time dateTime={iso} title={now === null ? iso : EXACT.format(date)} className={className}>
      {age ?? DAY.format(date)}
    </time>
  );
}

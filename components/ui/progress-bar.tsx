"use client";

/**
 * A determinate progress bar (Radix Progress: `role="progressbar"` with aria-valuenow/valuemax).
 * `label` is its accessible name, e.g. "Clips 2 of 4".
 */
import { Progress } from "radix-ui";
import { percentOf } from "@/lib/domain/format";

export type ProgressTone = "accent" | "warning" | "success";

const TONES: Record<ProgressTone, string> = {
  accent: "bg-indigo-500",
  warning: "bg-amber-500",
  success: "bg-emerald-500",
};

export function ProgressBar({
  value,
  max,
  label,
  tone = "accent",
  className = "",
}: {
  value: number;
  max: number;
  label: string;
  tone?: ProgressTone;
  className?: string;
}) {
  const clamped = Math.min(Math.max(value, 0), max);
  return (
    <Progress.Root
      value={clamped}
      max={max}
      aria-label={label}
      getValueLabel={() => label}
      className={`relative h-1.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800 ${className}`}
    >
      <Progress.Indicator
        className={`h-full rounded-full transition-[width] duration-500 ${TONES[tone]}`}
        style={{ width: `${percentOf(clamped, max)}%` }}
      />
    </Progress.Root>
  );
}

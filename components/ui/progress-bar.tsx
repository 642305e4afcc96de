/**
 * A determinate progress bar: `role="progressbar"` with its value, range and accessible name, which
 * is all a progress bar needs from the platform (no component library in the first load for it).
 * `label` is its accessible name and spoken value, e.g. "Clips 2 of 4".
 */
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
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={label}
      className={`relative h-1.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800 ${className}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 ${TONES[tone]}`}
        style={{ width: `${percentOf(clamped, max)}%` }}
      />
    </div>
  );
}

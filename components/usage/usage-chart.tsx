"use client";

/**
 * Net credits per day as stacked bars (docs/architecture.md, "Usage and spend": a small SVG chart
 * rather than a charting library). The bars are an SVG stretched to the width; the axis labels and
 * the tooltip are HTML, so text stays readable at a phone's width. Hover, touch or the arrow keys
 * (once the chart has focus) pick a day; its tooltip names each stack. The same numbers are in the
 * data table below the chart.
 */
import { useState, type KeyboardEvent } from "react";
import { formatCredits, formatNumber } from "@/lib/domain/format";
import { niceScale, shortDay, type UsageSeries } from "@/lib/domain/usage";

/** Stack colours, first stack first; the series is folded to this many (foldSeries). */
export const STACK_COLOURS = [
  "fill-indigo-500 bg-indigo-500",
  "fill-emerald-500 bg-emerald-500",
  "fill-amber-500 bg-amber-500",
  "fill-rose-500 bg-rose-500",
  "fill-sky-500 bg-sky-500",
  "fill-violet-500 bg-violet-500",
  "fill-zinc-400 bg-zinc-400",
] as const;

const HEIGHT = 100;
/** Share of each day's slot its bar takes. */
const BAR_SHARE = 0.72;
const X_LABELS = 6;
const PLOT_HEIGHT = "h-56 sm:h-64";

export function UsageChart({ series, label }: { series: UsageSeries; label: string }) {
  const [active, setActive] = useState<number | null>(null);
  const { days, keys } = series;
  const { top, ticks } = niceScale(Math.max(0, ...days.map((d) => d.net)));
  const slot = 100 / Math.max(1, days.length);
  const every = Math.max(1, Math.ceil(days.length / X_LABELS));
  const day = active === null ? undefined : days[active];

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    const move = moves[event.key];
    if (move === undefined || days.length === 0) return;
    event.preventDefault();
    const from = active ?? days.length - 1;
    setActive(
      Math.min(days.length - 1, Math.max(0, from + (Number.isFinite(move) ? move : move * days.length))),
    );
  };

  return (
    <div className="flex gap-2">
      <div
        aria-hidden="true"
        className={`relative w-10 shrink-0 text-right text-xs text-zinc-500 tabular-nums ${PLOT_HEIGHT}`}
      >
        {ticks.map((tick) => (
          <span
            key={tick}
            className="absolute right-0 -translate-y-1/2"
            style={{ top: `${(1 - tick / top) * 100}%` }}
          >
            {formatNumber(tick)}
          </span>
        ))}
      </div>
      <div className="min-w-0 flex-1">
        <div
          role="group"
          aria-label={`${label}. Use the arrow keys to read each day.`}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onBlur={() => setActive(null)}
          onPointerLeave={() => setActive(null)}
          className={`relative rounded-sm outline-offset-4 ${PLOT_HEIGHT}`}
        >
          <svg
            viewBox={`0 0 100 ${HEIGHT}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
            aria-hidden="true"
          >
            {ticks.map((tick) => (
              <line
                key={tick}
                x1="0"
                x2="100"
                y1={HEIGHT - (tick / top) * HEIGHT}
                y2={HEIGHT - (tick / top) * HEIGHT}
                vectorEffect="non-scaling-stroke"
                className="stroke-zinc-200 dark:stroke-zinc-800"
              />
            ))}
            {days.map((bar, index) => {
              let base = HEIGHT;
              const x = index * slot + (slot * (1 - BAR_SHARE)) / 2;
              return (
                <g key={bar.day} opacity={active === null || active === index ? 1 : 0.45}>
                  {bar.parts.map((part, stack) => {
                    if (part <= 0) return null;
                    const height = (part / top) * HEIGHT;
                    base -= height;
                    return (
                      <rect
                        key={keys[stack]}
                        x={x}
                        y={base}
                        width={slot * BAR_SHARE}
                        height={height}
                        className={STACK_COLOURS[stack % STACK_COLOURS.length]}
                      />
                    );
                  })}
                  <rect
                    x={index * slot}
                    y="0"
                    width={slot}
                    height={HEIGHT}
                    fill="transparent"
                    onPointerEnter={() => setActive(index)}
                    onPointerDown={() => setActive(index)}
                  />
                </g>
              );
            })}
          </svg>
          {day && active !== null && (
            <div
              role="status"
              className="pointer-events-none absolute top-0 z-10 w-max max-w-56 rounded-md border border-zinc-200 bg-white px-3 py-2 text-xs shadow-md dark:border-zinc-700 dark:bg-zinc-900"
              style={
                active < days.length / 2
                  ? { left: `${(active + 1) * slot}%` }
                  : { right: `${(days.length - active) * slot}%` }
              }
            >
              <p className="font-semibold">
                {shortDay(day.day)}: {formatCredits(day.net)}
              </p>
              <ul className="mt-1 space-y-0.5">
                {keys.map((key, stack) =>
                  (day.parts[stack] ?? 0) > 0 ? (
                    <li key={key} className="flex items-center gap-1.5">
                      <span className={`size-2 rounded-xs ${STACK_COLOURS[stack % STACK_COLOURS.length]}`} />
                      {key}: {formatNumber(day.parts[stack] ?? 0)}
                    </li>
                  ) : null,
                )}
              </ul>
            </div>
          )}
        </div>
        <div aria-hidden="true" className="relative mt-1 h-4 text-xs text-zinc-500">
          {days.map((bar, index) =>
            index % every === 0 ? (
              <span
                key={bar.day}
                className="absolute -translate-x-1/2 whitespace-nowrap"
                style={{ left: `${(index + 0.5) * slot}%` }}
              >
                {shortDay(bar.day)}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </div>
  );
}

export function ChartLegend({ keys }: { keys: readonly string[] }) {
  return (
    <ul
      aria-label="Legend"
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400"
    >
      {keys.map((key, stack) => (
        <li key={key} className="flex items-center gap-1.5">
          <span className={`size-2.5 rounded-xs ${STACK_COLOURS[stack % STACK_COLOURS.length]}`} />
          {key}
        </li>
      ))}
    </ul>
  );
}

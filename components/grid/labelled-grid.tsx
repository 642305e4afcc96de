/**
 * A grid laid out as a table: X's values across as column headers, Y's down as row headers, each
 * cell drawn by the caller (the form's preview, a run's renders). A screen reader reads a cell with
 * its two headers.
 */
import type { ReactNode } from "react";
import { ScrollFrame } from "@/components/ui/scroll-frame";
import { axisLabel, axisValueLabel, type GridAxis } from "@/lib/domain/grid";

export interface LabelledGridProps {
  label: string;
  axes: readonly GridAxis[];
  cell: (x: number, y: number) => ReactNode;
  /** Under a column's header (Compare column). */
  columnFoot?: (x: number) => ReactNode;
  /** Beside a row's header (Compare row). */
  rowFoot?: (y: number) => ReactNode;
  /** A cell's width: wider for renders than for counts. */
  cellClassName?: string;
}

const NO_AXIS = [""];

export function LabelledGrid({
  label,
  axes,
  cell,
  columnFoot,
  rowFoot,
  cellClassName = "",
}: LabelledGridProps) {
  const [x, y] = axes;
  const xs = x?.values ?? NO_AXIS;
  const ys = y?.values ?? NO_AXIS;
  const header = "px-2 py-1.5 text-left align-bottom text-xs font-semibold text-zinc-700 dark:text-zinc-300";
  return (
    <ScrollFrame label={label}>
      <table className="border-separate border-spacing-1 text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <td className="px-2 py-1.5 align-bottom text-xs text-zinc-500 dark:text-zinc-400">
              {x && <span className="block">{axisLabel(x)} →</span>}
              {y && <span className="block">{axisLabel(y)} ↓</span>}
            </td>
            {xs.map((value, i) => (
              <th key={i} scope="col" className={header}>
                {x ? axisValueLabel(x.key, value) : "All"}
                {columnFoot && <div className="mt-1 font-normal">{columnFoot(i)}</div>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ys.map((value, j) => (
            <tr key={j}>
              <th scope="row" className={`${header} align-top`}>
                {y ? axisValueLabel(y.key, value) : x ? "" : "All"}
                {rowFoot && <div className="mt-1 font-normal">{rowFoot(j)}</div>}
              </th>
              {xs.map((_, i) => (
                <td
                  key={i}
                  className={`rounded-md border border-zinc-200 p-1.5 align-top dark:border-zinc-800 ${cellClassName}`}
                >
                  {cell(i, j)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}

"use client";
/**
 * A run started from a grid, laid out as its grid: X across, Y down, the axes' values as headers,
 * each cell its renders as they are now (a render's own query, which its events keep current), or
 * where its row stands before it has one. **Compare row** and **Compare column** open compare with
 * the first render of each cell of that row or column.
 */
import Link from "next/link";
import { LabelledGrid } from "@/components/grid/labelled-grid";
import { RenderMedia } from "@/components/render/render-media";
import { renderHref } from "@/components/render/render-links";
import { StatusBadge } from "@/components/render/status-badge";
import type { RunDetail, RunRow } from "@/lib/contract";
import { useRender } from "@/lib/client/queries/renders";
import { COMPARE_MAX, COMPARE_MIN, compareHref } from "@/lib/domain/compare";

const ROW_STATE_TEXT: Record<RunRow["state"], string> = {
  queued: "Queued",
  sending: "Sending…",
  created: "Created",
  ready: "Ready",
  failed: "Failed",
  cancelled: "Cancelled",
  unknown: "Outcome unknown",
};

export function RunGrid({ run }: { run: RunDetail }) {
  const { grid } = run;
  if (!grid) return null;
  const columns = grid.axes[0]?.values.length ?? 1;
  const rowsOfCell = new Map<number, RunRow[]>();
  grid.cells.forEach(({ x, y }, index) => {
    const row = run.rows[index];
    if (row) rowsOfCell.set(y * columns + x, [...(rowsOfCell.get(y * columns + x) ?? []), row]);
  });
  const rowsAt = (x: number, y: number) => rowsOfCell.get(y * columns + x) ?? [];
  const firstRenders = (cells: [number, number][]) =>
    cells
      .flatMap(([x, y]) =>
        rowsAt(x, y)
          .flatMap((row) => row.renderIds)
          .slice(0, 1),
      )
      .slice(0, COMPARE_MAX);
  const ys = grid.axes[1]?.values.length ?? 1;
  const compare = (label: string, ids: string[]) =>
    ids.length >= COMPARE_MIN ? (
      <Link href={compareHref(ids)} className="text-xs text-indigo-700 underline dark:text-indigo-300">
        {label}
      </Link>
    ) : null;
  return (
    <section aria-labelledby="run-grid-title" className="space-y-2">
      <h2 id="run-grid-title" className="text-sm font-semibold">
        Grid
      </h2>
      <LabelledGrid
        label="Renders of this grid"
        axes={grid.axes}
        cellClassName="w-40 min-w-32"
        columnFoot={
          grid.axes[1]
            ? (x) => compare("Compare column", firstRenders(Array.from({ length: ys }, (_, y) => [x, y])))
            : undefined
        }
        rowFoot={(y) =>
          compare("Compare row", firstRenders(Array.from({ length: columns }, (_, x) => [x, y])))
        }
        cell={(x, y) => (
          <ul className="flex flex-col gap-1.5">
            {rowsAt(x, y).map((row) => (
              <li key={row.index}>
                {row.renderIds.length > 0 ? (
                  row.renderIds.map((id) => <GridRender key={id} id={id} />)
                ) : (
                  <span className="text-xs text-zinc-600 dark:text-zinc-400" title={row.error ?? undefined}>
                    {ROW_STATE_TEXT[row.state]}
                    {row.error ? `: ${row.error}` : ""}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      />
    </section>
  );
}

function GridRender({ id }: { id: string }) {
  const render = useRender(id).data;
  if (!render) return <span className="text-xs text-zinc-500">Loading…</span>;
  return (
    <Link
      href={renderHref(id)}
      scroll={false}
      aria-label={`Open render: ${render.prompt}`}
      className="flex flex-col gap-1"
    >
      <RenderMedia render={render} preview className="aspect-square w-full overflow-hidden rounded" />
      <StatusBadge status={render.status} />
    </Link>
  );
}

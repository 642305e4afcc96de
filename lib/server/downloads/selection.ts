import "server-only";
/** Which renders a zip holds, resolved against the ledger before any byte of it is sent. */
import { AppError, ZIP_MAX_RENDERS, type LedgerRender, type ZipSelection } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { withFamily } from "@/lib/server/ledger/render-family";
import { axisLabel } from "@/lib/domain/grid";
import type { ManifestGrid } from "@/lib/domain/manifest";
import { listRenders, requireRenders } from "@/lib/server/ledger/renders";
import { findRun } from "@/lib/server/ledger/runs";

export interface ZipContents {
  /** Newest first, a batch's variants in order, as the gallery shows them. */
  renders: LedgerRender[];
  /** Set when the zip is one batch, which then names it. */
  batch: LedgerRender | null;
  /** Set when the zip is a run made from a grid: each render's place in it, for the manifest. */
  grid: ManifestGrid | null;
}

/** The grid of a run, if it was made from one, with each of its renders' values on the axes. */
async function runGrid(db: Awaited<ReturnType<typeof getDb>>, runId: string): Promise<ManifestGrid | null> {
  const run = await findRun(db, runId);
  if (!run?.grid) return null;
  const { axes, cells } = run.grid;
  const places = new Map<string, string[]>();
  run.rows.forEach((row, index) => {
    const cell = cells[index];
    if (!cell) return;
    const values = axes.map((axis, i) => axis.values[i === 0 ? cell.x : cell.y] ?? "");
    for (const id of row.renderIds) places.set(id, values);
  });
  return { axes: axes.map((axis) => ({ name: axisLabel(axis), values: axis.values })), places };
}

const tooMany = (what: string) =>
  new AppError(
    "too_many_renders",
    `${what}; a zip holds at most ${ZIP_MAX_RENDERS}. Narrow the filter or select fewer renders.`,
  );

/** `owner` (favouritesOwner) is whose favourites a `favourite` filter means. */
export async function zipContents(selection: ZipSelection, owner: string): Promise<ZipContents> {
  const db = await getDb();
  const { ids, ...filters } = selection;
  if (ids !== undefined) {
    if (ids.length > ZIP_MAX_RENDERS) throw tooMany(`${ids.length} renders were selected`);
    await requireRenders(db, ids);
  }
  // The gallery's own query, one past the limit to tell "500" from "more than 500".
  const { items } = await listRenders(
    db,
    { ...filters, ...(ids !== undefined && { ids: ids.join(",") }), limit: ZIP_MAX_RENDERS + 1 },
    owner,
  );
  if (items.length > ZIP_MAX_RENDERS) throw tooMany(`More than ${ZIP_MAX_RENDERS} renders match`);
  if (items.length === 0) throw new AppError("not_found", "No renders match this selection.");
  const first = items[0] ?? null;
  const oneBatch = first?.batchId != null && items.every((r) => r.batchId === first.batchId);
  // The manifests name each render's parents.
  return {
    renders: await withFamily(db, items),
    batch: selection.batchId !== undefined && oneBatch ? first : null,
    grid: selection.run !== undefined ? await runGrid(db, selection.run) : null,
  };
}

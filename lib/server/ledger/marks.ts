import "server-only";
/**
 * Marks: each member's rating (1 to 5) and pick or reject of renders, or one shared set when sign-in
 * is off (favouritesOwner). Like favourites, a row of its own, never a column of the shared render,
 * and a change reaches only its owner's streams.
 */
import type { CullFlag } from "@/lib/domain/cull";
import type { LedgerRender, RenderMarks } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import { withChanges } from "./changes";
import { favouriteSubject } from "./favourites";
import { listPositions } from "./list-positions";

/** What to change: a field left out stays as it is; null clears it. */
export interface MarksChange {
  rating?: number | null;
  flag?: CullFlag | null;
}

type Marks = Omit<RenderMarks, "id">;
const NONE: Marks = { rating: null, flag: null };

/** The owner's marks on these renders; a render without any has none in the map. */
export async function marksOf(
  db: Db,
  owner: string,
  renderIds: readonly string[],
): Promise<Map<string, Marks>> {
  if (renderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("render_marks")
    .select(["render_id", "rating", "flag"])
    .where("owner", "=", owner)
    .where("render_id", "in", renderIds)
    .execute();
  return new Map(rows.map((row) => [row.render_id, { rating: row.rating, flag: row.flag }]));
}

/**
 * Sets the owner's marks on these renders in one transaction; each render whose marks changed goes
 * to the owner's open pages (subject as a favourite's: owner and render id).
 */
export async function setMarks(
  db: Db,
  owner: string,
  renderIds: readonly string[],
  change: MarksChange,
): Promise<RenderMarks[]> {
  const now = new Date().toISOString();
  return withChanges(db, async (tx, note) => {
    const held = await marksOf(tx, owner, renderIds);
    const positionOf = await listPositions(tx, renderIds);
    const result: RenderMarks[] = [];
    for (const id of renderIds) {
      const before = held.get(id) ?? NONE;
      const after: Marks = {
        rating: change.rating === undefined ? before.rating : change.rating,
        flag: change.flag === undefined ? before.flag : change.flag,
      };
      result.push({ id, ...after });
      if (after.rating === before.rating && after.flag === before.flag) continue;
      if (after.rating === null && after.flag === null)
        await tx.deleteFrom("render_marks").where("owner", "=", owner).where("render_id", "=", id).execute();
      else
        await tx
          .insertInto("render_marks")
          .values({ owner, render_id: id, ...after, updated_at: now, ...positionOf(id) })
          .onConflict((c) => c.columns(["owner", "render_id"]).doUpdateSet({ ...after, updated_at: now }))
          .execute();
      note("mark", favouriteSubject(owner, id));
    }
    return result;
  });
}

/** The renders with the owner's marks on each (null where none). */
export async function withMarks(
  db: Db,
  owner: string,
  renders: readonly LedgerRender[],
): Promise<LedgerRender[]> {
  const marks = await marksOf(
    db,
    owner,
    renders.map((render) => render.id),
  );
  return renders.map((render) => ({ ...render, ...(marks.get(render.id) ?? NONE) }));
}

import "server-only";
/**
 * Renders' places in the list's order (ListPosition: the request's seq and the variant), which the
 * rows of every set a list can be filtered to carry (favourites, marks, board places, tags), so the
 * filtered list walks the set's own index in order (renders.ts, listRenders). A render's place never
 * changes, so a writer copies it once, when it adds the render to a set.
 */
import type { Db } from "@/lib/server/db/database";
import type { ListPosition } from "@/lib/server/db/schema";

/** Where an id the ledger no longer holds stands: nowhere a list reaches, since its row joins no render. */
const GONE: ListPosition = { request_seq: 0, variant_index: 0 };

/** Each render's place, by id; an id the ledger does not hold (a placeholder replaced meanwhile) gets GONE. */
export async function listPositions(
  db: Db,
  renderIds: readonly string[],
): Promise<(renderId: string) => ListPosition> {
  const rows =
    renderIds.length === 0
      ? []
      : await db
          .selectFrom("renders")
          .select(["id", "request_seq", "variant_index"])
          .where("id", "in", renderIds)
          .execute();
  const places = new Map(rows.map(({ id, ...place }) => [id, place]));
  return (renderId) => places.get(renderId) ?? GONE;
}

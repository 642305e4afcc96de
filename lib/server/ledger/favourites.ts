import "server-only";
/**
 * Favourites: each member's starred renders, or one shared set when sign-in is off. A star is a row
 * of its own, never a column of the render, so the shared render record (and the live stream that
 * carries it to everyone) says nothing of who starred what.
 */
import type { LedgerRender, Member } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import { withChanges } from "./changes";
import { listPositions } from "./list-positions";

/** Whose favourites a caller works with: their own, or with sign-in off the team's one set (""). */
export const favouritesOwner = (member: Pick<Member, "id"> | null): string => member?.id ?? "";

/** The change log's subject of a favourite: its owner and render id (ids hold no space). */
export const favouriteSubject = (owner: string, renderId: string) => `${owner} ${renderId}`;

export function parseFavouriteSubject(subject: string): { owner: string; renderId: string } {
  const at = subject.lastIndexOf(" ");
  return { owner: subject.slice(0, at), renderId: subject.slice(at + 1) };
}

/**
 * Stars or unstars a render for `owner`; the change goes to the owner's open pages. Setting what is
 * already set changes nothing and notes nothing.
 */
export async function setFavourite(db: Db, owner: string, renderId: string, on: boolean): Promise<void> {
  await withChanges(db, async (tx, note) => {
    const result = on
      ? await tx
          .insertInto("favourites")
          .values({
            owner,
            render_id: renderId,
            created_at: new Date().toISOString(),
            ...(await listPositions(tx, [renderId]))(renderId),
          })
          .onConflict((c) => c.columns(["owner", "render_id"]).doNothing())
          .executeTakeFirst()
      : await tx
          .deleteFrom("favourites")
          .where("owner", "=", owner)
          .where("render_id", "=", renderId)
          .executeTakeFirst();
    const changed =
      "numInsertedOrUpdatedRows" in result ? result.numInsertedOrUpdatedRows : result.numDeletedRows;
    if (Number(changed ?? 0) > 0) note("favourite", favouriteSubject(owner, renderId));
  });
}

/** Which of these renders `owner` has starred. */
export async function favouriteIds(
  db: Db,
  owner: string,
  renderIds: readonly string[],
): Promise<Set<string>> {
  if (renderIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("favourites")
    .select("render_id")
    .where("owner", "=", owner)
    .where("render_id", "in", renderIds)
    .execute();
  return new Set(rows.map((row) => row.render_id));
}

/** The renders with the owner's flag on each: what answers to one caller carry. */
export async function withFavourites(
  db: Db,
  owner: string,
  renders: readonly LedgerRender[],
): Promise<LedgerRender[]> {
  const starred = await favouriteIds(
    db,
    owner,
    renders.map((render) => render.id),
  );
  return renders.map((render) => ({ ...render, favourite: starred.has(render.id) }));
}

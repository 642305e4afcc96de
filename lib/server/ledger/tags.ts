import "server-only";
/**
 * Tags: the team's words on renders, shared by everyone (unlike marks), so a render's tags are part
 * of its record and a change goes out as the render's own event.
 */
import { AppError, type LedgerRender } from "@/lib/contract";
import { TAGS_PER_RENDER } from "@/lib/domain/cull";
import type { Db } from "@/lib/server/db/database";
import { withChanges } from "./changes";
import { listPositions } from "./list-positions";
import { touchedAt } from "./updated-at";

/** Each render's tags, sorted; a render without any has none in the map. */
export async function tagsOf(db: Db, renderIds: readonly string[]): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  if (renderIds.length === 0) return tags;
  const rows = await db
    .selectFrom("render_tags")
    .select(["render_id", "tag"])
    .where("render_id", "in", renderIds)
    .orderBy("tag")
    .execute();
  for (const row of rows) tags.set(row.render_id, [...(tags.get(row.render_id) ?? []), row.tag]);
  return tags;
}

/** The renders with their tags. */
export async function withTags(db: Db, renders: readonly LedgerRender[]): Promise<LedgerRender[]> {
  const tags = await tagsOf(
    db,
    renders.map((render) => render.id),
  );
  return renders.map((render) => ({ ...render, tags: tags.get(render.id) ?? [] }));
}

/**
 * Adds and removes tags (normalised already) on these renders, all or none: a render that would
 * hold more than TAGS_PER_RENDER refuses the whole request. Each render whose tags changed is
 * touched (`updated_at`, so a page catching up finds it) and goes out as a render event.
 */
export async function changeTags(
  db: Db,
  renderIds: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): Promise<Map<string, string[]>> {
  const now = new Date().toISOString();
  return withChanges(db, async (tx, note) => {
    const before = await tagsOf(tx, renderIds);
    const positionOf = await listPositions(tx, renderIds);
    const changed: string[] = [];
    for (const id of renderIds) {
      const held = new Set(before.get(id) ?? []);
      const adding = add.filter((tag) => !held.has(tag) && !remove.includes(tag));
      const removing = remove.filter((tag) => held.has(tag));
      if (held.size + adding.length - removing.length > TAGS_PER_RENDER)
        throw new AppError(
          "invalid_request",
          `A render holds at most ${TAGS_PER_RENDER} tags; render ${id} would hold ${held.size + adding.length - removing.length}.`,
          { field: "add" },
        );
      if (removing.length > 0)
        await tx.deleteFrom("render_tags").where("render_id", "=", id).where("tag", "in", removing).execute();
      if (adding.length > 0)
        await tx
          .insertInto("render_tags")
          .values(adding.map((tag) => ({ render_id: id, tag, added_at: now, ...positionOf(id) })))
          .onConflict((c) => c.columns(["render_id", "tag"]).doNothing())
          .execute();
      if (adding.length + removing.length > 0) changed.push(id);
    }
    if (changed.length > 0) {
      await tx
        .updateTable("renders")
        .set({ updated_at: touchedAt(now) })
        .where("id", "in", changed)
        .execute();
      for (const id of changed) note("render", id);
    }
    return tagsOf(tx, renderIds);
  });
}

/** The team's tags starting with `prefix` (all when empty), most used first, then by name. */
export async function tagSuggestions(
  db: Db,
  prefix: string,
  limit: number,
): Promise<{ tag: string; renders: number }[]> {
  let q = db
    .selectFrom("render_tags")
    .select(({ fn }) => ["tag", fn.countAll<number>().as("renders")])
    .groupBy("tag");
  // A prefix is compared as text, not as a LIKE pattern, so `%` and `_` in it mean themselves.
  if (prefix)
    q = q.where(({ fn, eb }) => eb(fn("substr", ["tag", eb.val(1), eb.val(prefix.length)]), "=", prefix));
  const rows = await q.orderBy("renders", "desc").orderBy("tag").limit(limit).execute();
  return rows.map((row) => ({ tag: row.tag, renders: Number(row.renders) }));
}

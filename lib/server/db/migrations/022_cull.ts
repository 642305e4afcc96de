/** Culling: each member's rating and pick or reject of a render, and the team's tags on renders. */
import type { Kysely } from "kysely";
import { createIndexes } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per (owner, render), like favourites; a row with neither a rating nor a flag is removed.
  await db.schema
    .createTable("render_marks")
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("render_id", "text", (c) => c.notNull())
    .addColumn("rating", "integer")
    .addColumn("flag", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("render_marks_key", ["owner", "render_id"])
    .execute();
  // Team-wide: the pair is the key, so tagging twice keeps the first.
  await db.schema
    .createTable("render_tags")
    .addColumn("render_id", "text", (c) => c.notNull())
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("added_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("render_tags_key", ["render_id", "tag"])
    .execute();
  // The gallery's filters: an owner's renders at or above a rating, picked or rejected; a tag's renders.
  await createIndexes(db, {
    render_marks_rating: "render_marks (owner, rating, render_id)",
    render_marks_flag: "render_marks (owner, flag, render_id)",
    render_tags_tag: "render_tags (tag, render_id)",
  });
}

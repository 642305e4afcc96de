/** When a render was archived, and starred renders (one row per owner and render). */
import type { Kysely } from "kysely";
import { createIndexes } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("renders").addColumn("archived_at", "text").execute();
  // One row per (owner, render); the pair is the key, so a second star is a no-op, not a twin.
  await db.schema
    .createTable("favourites")
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("render_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("favourites_key", ["owner", "render_id"])
    .execute();
  await createIndexes(db, { renders_archived: "renders (archived_at, request_seq)" });
}

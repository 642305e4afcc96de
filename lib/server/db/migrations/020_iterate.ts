/** Iterating on outputs: each output's copy at the service as an upload, and each render's parents. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One copy per output: a second use of the output as a reference takes this upload again, until
  // the service no longer serves it and a new copy replaces it.
  await createTables(db, {
    output_copies: `
      render_id   text  primary key
      upload_id   text  not null
      created_at  text  not null
    `,
  });
  // A render's parents, by its create request (written before the service answers, so before the
  // render has an id; a batch's variants share their parents): the render whose settings it reused
  // (`settings`) and every render whose output it took as a reference (`reference`). One row per
  // pair; both ways are read (Made from, Versions), so both are indexed.
  await db.schema
    .createTable("render_parents")
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("parent_id", "text", (c) => c.notNull())
    .addColumn("relation", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("render_parents_key", ["request_id", "parent_id"])
    .execute();
  await createIndexes(db, { render_parents_parent: "render_parents (parent_id)" });
}

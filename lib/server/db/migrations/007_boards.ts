/** Boards and the renders each holds. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    // name_key as for presets: names are unique in the team in any case.
    boards: `
      id           text  primary key
      name         text  not null
      name_key     text  not null unique
      description  text
      member_id    text
      member_name  text
      created_at   text  not null
      updated_at   text  not null
    `,
  });
  // One row per (board, render), so adding a render twice keeps its first addition.
  await db.schema
    .createTable("board_renders")
    .addColumn("board_id", "text", (c) => c.notNull())
    .addColumn("render_id", "text", (c) => c.notNull())
    .addColumn("added_by_id", "text")
    .addColumn("added_by_name", "text")
    .addColumn("added_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("board_renders_key", ["board_id", "render_id"])
    .execute();
  // Which boards hold a render (the "Add to board" picker); a board's renders, last added first.
  await createIndexes(db, {
    board_renders_render: "board_renders (render_id)",
    board_renders_added: "board_renders (board_id, added_at)",
  });
}

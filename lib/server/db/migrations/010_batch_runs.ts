/** Batch runs and their rows. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    // state: running | done | cancelled (docs/architecture.md, "Batch runs").
    runs: `
      id           text     primary key
      name         text     not null
      state        text     not null
      row_count    integer  not null
      stop_reason  text
      member_id    text
      member_name  text
      created_at   text     not null
      updated_at   text     not null
      finished_at  text
    `,
  });
  // One row per (run, index). state: queued | sending | created | failed | cancelled | unknown;
  // attempt: how many times the service answered 429 to it, which names its next create's key.
  await db.schema
    .createTable("run_rows")
    .addColumn("run_id", "text", (c) => c.notNull())
    .addColumn("row_index", "integer", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("request_id", "text")
    .addColumn("error", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("run_rows_key", ["run_id", "row_index"])
    .execute();
  // The runner's next rows; the gallery's `run` filter (a render's request to its run).
  await createIndexes(db, {
    run_rows_state: "run_rows (state, run_id, row_index)",
    run_rows_request: "run_rows (request_id)",
    runs_state: "runs (state, created_at)",
  });
}

/** The team's presets, and the index the prompt history reads. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    // name_key: the name trimmed and lower-cased, so names are unique in the team in any case.
    presets: `
      id           text  primary key
      name         text  not null
      name_key     text  not null unique
      kind         text  not null
      model        text  not null
      settings     text  not null
      prompt       text
      member_id    text
      member_name  text
      created_at   text  not null
      updated_at   text  not null
    `,
  });
  // Prompt history reads a member's requests newest first.
  await createIndexes(db, { render_requests_member: "render_requests (member_id, seq)" });
}

/** Members and the team's settings; each request, render and upload records its member. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    members: `
      id                   text     primary key
      email                text     not null unique
      name                 text     not null
      role                 text     not null
      password_hash        text     not null
      session_version      integer  not null default 1
      monthly_cap_credits  integer
      created_at           text     not null
    `,
    team_settings: `
      key    text  primary key
      value  text  not null
    `,
  });
  for (const table of ["render_requests", "renders", "uploads"]) {
    await db.schema.alterTable(table).addColumn("member_id", "text").execute();
    await db.schema.alterTable(table).addColumn("member_name", "text").execute();
  }
  await createIndexes(db, { renders_member: "renders (member_id, request_seq)" });
}

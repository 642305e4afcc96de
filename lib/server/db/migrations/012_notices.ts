/** Spend notices, who dismissed them, and the webhook's outbox. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    notices: `
      id               text     primary key
      crossing_key     text     not null unique
      kind             text     not null
      threshold        integer  not null
      member_id        text
      member_name      text
      spent_credits    integer
      limit_credits    integer
      balance_credits  integer
      message          text     not null
      created_at       text     not null
      rearmed_at       text
    `,
    alert_outbox: `
      notice_id        text     primary key
      body             text     not null
      attempts         integer  not null default 0
      next_attempt_at  integer  not null
      queued_at        integer  not null
      delivered_at     integer
      gave_up_at       integer
      last_error       text
    `,
  });
  await db.schema
    .createTable("notice_dismissals")
    .addColumn("notice_id", "text", (c) => c.notNull())
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("dismissed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("notice_dismissals_key", ["notice_id", "owner"])
    .execute();
  await createIndexes(db, {
    notices_created: "notices (created_at)",
    notices_kind: "notices (kind, created_at)",
    alert_outbox_due: "alert_outbox (delivered_at, gave_up_at, next_attempt_at)",
  });
}

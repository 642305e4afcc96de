/**
 * Every inbox item through the outbox, and the daily digest (docs/architecture.md, "The outbox").
 */
import { sql, type Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // 0 until the leader has queued the item's messages (lib/server/outbox/inbox-messages.ts), then 1.
  // Items made before this migration count as handled: an upgrade mails nobody their old inbox.
  await db.schema
    .alterTable("inbox_items")
    .addColumn("sent_out", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update inbox_items set sent_out = 1`.execute(db);
  await createIndexes(db, { inbox_to_send_out: "inbox_items (sent_out, created_at)" });
  // A row per member once their first digest's time has come: the day's slot it was last made for
  // (ISO, the hour DIGEST_HOUR of a UTC day) and the end of the items it held (ISO), where the next
  // one starts, so each item is in one digest.
  await createTables(db, {
    email_digests: `
      member_id  text  primary key
      slot       text  not null
      until      text  not null
    `,
  });
}

/**
 * The outbox: messages that leave by email, web push or the team's chat (lib/server/ledger/outbox.ts),
 * and each person's choices of what reaches them how (lib/server/ledger/notification-choices.ts).
 */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    // `key` is the event, channel and recipient (lib/domain/outbox.ts): every process that sees the
    // same event queues it once. Times are ms. `next_attempt_at` also holds a claim: the sender moves
    // it past the attempt's timeout before sending.
    outbox: `
      key              text     primary key
      channel          text     not null
      recipient        text     not null
      kind             text     not null
      body             text     not null
      queued_at        integer  not null
      next_attempt_at  integer  not null
      attempts         integer  not null default 0
      sent_at          integer
      gave_up_at       integer
      last_error       text
    `,
  });
  // A row per member and event kind they chose for; a kind without one takes the defaults
  // (lib/domain/notifications.ts). `push` is 0 or 1; `email` off | immediate | digest.
  await db.schema
    .createTable("notification_choices")
    .addColumn("member_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("push", "integer", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_choices_key", ["member_id", "kind"])
    .execute();
  // The event kinds an admin sends to the team's chat (lib/domain/team-chat.ts): a row each.
  await createTables(db, { team_chat_kinds: "kind text primary key" });
  await createIndexes(db, { outbox_due: "outbox (sent_at, gave_up_at, next_attempt_at)" });
}

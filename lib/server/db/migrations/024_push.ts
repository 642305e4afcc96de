/**
 * Web push: the deployment's VAPID key pair (lib/server/outbox/vapid.ts) and each member's push
 * subscriptions, one per device (lib/server/ledger/push-subscriptions.ts).
 */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    // One row, `name` 'vapid': made at the first start that needs it; the first writer wins, so every
    // replica signs with the same pair. Both halves are base64url, as web-push takes them.
    push_keys: `
      name         text  primary key
      public_key   text  not null
      private_key  text  not null
    `,
    // A browser's subscription: the push service's endpoint (unique: a device re-subscribing replaces
    // its row), its P-256 key and auth secret (base64url), and a label the member recognises it by.
    push_subscriptions: `
      id          text     primary key
      member_id   text     not null
      endpoint    text     not null unique
      p256dh      text     not null
      auth        text     not null
      label       text     not null
      created_at  integer  not null
    `,
  });
  await createIndexes(db, { push_subscriptions_member: "push_subscriptions (member_id, created_at)" });
}

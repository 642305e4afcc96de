/** The change log the live event stream reads (lib/server/ledger/changes.ts). */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    changes: `
      seq      integer  primary key autoincrement
      topic    text     not null
      subject  text     not null
      at       integer  not null
    `,
  });
  await createIndexes(db, {
    changes_at: "changes (at)",
    renders_updated: "renders (updated_at)",
  });
}

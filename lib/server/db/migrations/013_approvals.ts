/** Create requests held for an admin's approval. */
import type { Kysely } from "kysely";
import { createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per create request held for approval, kept once decided. decision: null while
  // waiting, approved | declined. The queue reads render_requests by state (its index from 001).
  await createTables(db, {
    approvals: `
      request_id        text     primary key
      estimate_credits  integer
      estimate_basis    text
      decision          text
      note              text
      decided_by_id     text
      decided_by_name   text
      decided_at        text
      created_at        text     not null
    `,
  });
}

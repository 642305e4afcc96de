/** Share links, each link's token kept only as its hash. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    // token_hash: SHA-256 of the link's token (hex); the token itself is never stored.
    // kind: what target_id names (render now; board when boards can be shared).
    shares: `
      id              text  primary key
      token_hash      text  not null unique
      token_prefix    text  not null
      kind            text  not null
      target_id       text  not null
      show_prompt     integer  not null
      member_id       text
      member_name     text
      created_at      text  not null
      expires_at      text
      last_opened_at  text
    `,
  });
  // A render page lists its links; the shares page lists a member's own.
  await createIndexes(db, {
    shares_target: "shares (kind, target_id)",
    shares_member: "shares (member_id)",
  });
}

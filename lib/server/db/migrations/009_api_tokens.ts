/** Personal API tokens, each kept only as its hash. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    // token_hash: SHA-256 of the token (hex); the token itself is never stored. A revoked token
    // keeps its row (revoked_at), so a request with it is told it was revoked.
    api_tokens: `
      id            text  primary key
      token_hash    text  not null unique
      token_prefix  text  not null
      name          text  not null
      scope         text  not null
      member_id     text  not null
      created_at    text  not null
      expires_at    text
      last_used_at  text
      revoked_at    text
    `,
  });
  // A member's tokens on their page.
  await createIndexes(db, { api_tokens_member: "api_tokens (member_id)" });
}

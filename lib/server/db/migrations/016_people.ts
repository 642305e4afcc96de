/**
 * People run from the browser: sessions the server can end, members who leave and come back, and
 * the one-time links that invite a member or reset a password.
 */
import type { Kysely } from "kysely";
import { addColumns, createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Set while the member is deactivated: they cannot sign in, and their sessions and tokens stop.
  await addColumns(db, "members", "deactivated_at text");
  await createTables(db, {
    // One row per signed-in browser. The cookie carries a signed secret; the row holds its SHA-256,
    // so a copy of the ledger signs nobody in. Ending a session deletes its row.
    sessions: `
      id            text  primary key
      secret_hash   text  not null unique
      member_id     text  not null
      created_at    text  not null
      last_seen_at  text  not null
      expires_at    text  not null
      browser       text  not null
      address       text
    `,
    // Invites (kind "invite": name, email and role of who is invited; member_id set once used) and
    // password resets (kind "reset": member_id is whose). Only the token's SHA-256 is kept.
    member_links: `
      id           text  primary key
      kind         text  not null
      token_hash   text  not null unique
      member_id    text
      name         text
      email        text
      role         text
      made_by_id   text
      created_at   text  not null
      expires_at   text  not null
      used_at      text
      revoked_at   text
    `,
  });
  await createIndexes(db, {
    sessions_member: "sessions (member_id, last_seen_at)",
    member_links_kind: "member_links (kind, created_at)",
  });
}

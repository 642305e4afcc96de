/** The sign-in throttle's failure counts, shared by every process on the ledger. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per failed sign-in or wrong API token, per count it falls in (an email, an address),
  // at its time in milliseconds: every dashboard process on the ledger reads the same counts.
  // A sign-in is counted before its password is checked; `attempt` names its rows, so a sign-in
  // that succeeds (or is refused unchecked) takes back exactly its own.
  await createTables(db, {
    sign_in_failures: `
      key        text     not null
      failed_at  integer  not null
      attempt    text     not null
    `,
  });
  await createIndexes(db, {
    sign_in_failures_key: "sign_in_failures (key, failed_at)",
    sign_in_failures_time: "sign_in_failures (failed_at)",
  });
}

/** The audit log: one row per thing done that an admin may need to account for later. */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Appended to, never changed; rows older than AUDIT_RETENTION_DAYS are swept. Who did it is kept
  // by name as well as id, as it was at the time. `at` is milliseconds; `seq` orders rows written
  // in the same millisecond (and by two processes) and is the page cursor's tie-breaker.
  await createTables(db, {
    audit_log: `
      seq          integer  primary key autoincrement
      at           integer  not null
      kind         text     not null
      member_id    text
      member_name  text
      email        text
      address      text
      target_type  text
      target_id    text
      target_name  text
      change       text
    `,
  });
  // The list reads newest first, filtered by member or kind; the sweep deletes by time.
  await createIndexes(db, {
    audit_log_at: "audit_log (at, seq)",
    audit_log_member: "audit_log (member_id, at)",
    audit_log_kind: "audit_log (kind, at)",
  });
}

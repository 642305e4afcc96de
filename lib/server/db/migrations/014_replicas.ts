/**
 * What several dashboard processes on one ledger need: the process sending each create, and each
 * poll's render and answer time.
 */
import type { Kysely } from "kysely";
import { addColumns } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // owner: the id of the process sending a create (lib/server/cluster), so crash recovery marks
  // only a dead process's creates. Earlier rows have none, and count as a dead process's.
  await addColumns(db, "render_requests", "owner  text");
  // A poll's render and when its answer came, so a new leader counts the old one's polls in
  // the budget from when the service saw them; a poll without an answer counts until it
  // would have timed out.
  await addColumns(
    db,
    "poll_log",
    `
      render_id    text
      answered_at  integer
    `,
  );
}

/**
 * A request's renders found through an index: its variants (`rendersOfRequest`, an idempotent
 * replay, an approval's decision), a family given to a new request's renders, a render's children
 * and a run's renders all look renders up by `request_id`, which walked every render before — at a
 * year of a team's work, a million rows, some of them inside a write transaction.
 */
import type { Kysely } from "kysely";
import { createIndexes } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndexes(db, { renders_request: "renders (request_id, variant_index)" });
}

/** A batch run started from a grid keeps its axes and each row's cell, so its page can lay it out. */
import type { Kysely } from "kysely";
import { addColumns } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON: `{ axes, cells }` (lib/contract/runs.ts, runGridSchema); null for a run from a file.
  await addColumns(db, "runs", "grid text");
}

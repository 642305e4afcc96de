import "server-only";
/**
 * Each render output's copy at the service as an upload (migration 020): what lets an output be a
 * reference again without being copied again.
 */
import type { LedgerUpload, MadeBy } from "@/lib/contract";
import type { UploadRecord } from "@/lib/render-api";
import type { Db } from "@/lib/server/db/database";
import { withChanges } from "./changes";
import { newUploadRow, toLedgerUpload } from "./uploads";

/** The upload this render's output was last copied to, if it was. */
export async function outputCopyOf(db: Db, renderId: string): Promise<LedgerUpload | undefined> {
  const row = await db
    .selectFrom("output_copies")
    .innerJoin("uploads", "uploads.id", "output_copies.upload_id")
    .selectAll("uploads")
    .where("output_copies.render_id", "=", renderId)
    .executeTakeFirst();
  return row && toLedgerUpload(row);
}

/**
 * Records a copy the service has stored: its upload in the library and, in the same transaction, as
 * the render's copy (replacing one the service no longer serves).
 */
export async function recordOutputCopy(
  db: Db,
  renderId: string,
  record: UploadRecord,
  filename: string,
  madeBy: MadeBy,
): Promise<LedgerUpload> {
  const row = newUploadRow(record, filename, madeBy);
  await withChanges(db, async (tx, note) => {
    await tx.insertInto("uploads").values(row).execute();
    await tx
      .insertInto("output_copies")
      .values({ render_id: renderId, upload_id: row.id, created_at: row.created_at })
      .onConflict((c) => c.column("render_id").doUpdateSet({ upload_id: row.id, created_at: row.created_at }))
      .execute();
    note("upload", row.id);
  });
  return toLedgerUpload(row);
}

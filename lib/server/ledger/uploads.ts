import "server-only";
import type { LedgerUpload, MadeBy, UploadListQuery } from "@/lib/contract";
import type { UploadRecord } from "@/lib/render-api";
import type { Db } from "@/lib/server/db/database";
import type { UploadsTable } from "@/lib/server/db/schema";
import { withChanges } from "./changes";
import { afterPosition, decodeCursor, toPage, type KeysetOrder } from "./cursor";
import { newLedgerId } from "./ids";

export function toLedgerUpload(row: UploadsTable): LedgerUpload {
  return {
    id: row.id,
    url: row.url,
    kind: row.kind,
    contentType: row.content_type,
    bytes: row.bytes,
    filename: row.filename,
    createdAt: row.created_at,
    member: row.member_id ? { id: row.member_id, name: row.member_name ?? "" } : null,
  };
}

/** The ledger row of an upload the service has just stored. */
export function newUploadRow(record: UploadRecord, filename: string, madeBy: MadeBy): UploadsTable {
  return {
    id: newLedgerId("upl"),
    url: record.url,
    kind: record.kind,
    content_type: record.contentType,
    bytes: record.bytes,
    filename,
    created_at: new Date().toISOString(),
    member_id: madeBy?.id ?? null,
    member_name: madeBy?.name ?? null,
  };
}

export async function recordUpload(
  db: Db,
  record: UploadRecord,
  filename: string,
  madeBy: MadeBy,
): Promise<LedgerUpload> {
  const row = newUploadRow(record, filename, madeBy);
  await withChanges(db, async (tx, note) => {
    await tx
      .insertInto("uploads")
      .values(row)
      .onConflict((c) => c.column("url").doNothing())
      .execute();
    note("upload", row.id);
  });
  return toLedgerUpload(row);
}

/** The ledger records of these uploads (those that exist), in no particular order. */
export async function uploadsByIds(db: Db, ids: readonly string[]): Promise<LedgerUpload[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("uploads").selectAll().where("id", "in", ids).execute();
  return rows.map(toLedgerUpload);
}

const isUploadCursor = (v: unknown): v is [string, string] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === "string" && typeof v[1] === "string";

/** Newest first; ids break ties between uploads of the same millisecond. */
const UPLOAD_ORDER: KeysetOrder = [
  { column: "created_at", direction: "desc" },
  { column: "id", direction: "desc" },
];

export async function listUploads(
  db: Db,
  query: UploadListQuery,
): Promise<{ items: LedgerUpload[]; nextCursor: string | null }> {
  let q = db.selectFrom("uploads").selectAll();
  if (query.kind) q = q.where("kind", "=", query.kind);
  if (query.cursor) q = q.where(afterPosition(UPLOAD_ORDER, decodeCursor(query.cursor, isUploadCursor)));
  const rows = await q
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(query.limit + 1)
    .execute();
  return toPage(rows, query.limit, toLedgerUpload, (row) => [row.created_at, row.id]);
}

/** The subset of `urls` that this dashboard received from the upload endpoint. */
export async function knownUploadUrls(db: Db, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectFrom("uploads")
    .select("url")
    .where("url", "in", [...new Set(urls)])
    .execute();
  return new Set(rows.map((r) => r.url));
}

import "server-only";
/**
 * The audit log's rows: appended by every service that does something an admin may need to account
 * for (`recordAudit`), read a page at a time, and swept past the retention. Nothing else changes or
 * deletes a row. What an entry holds is the caller's choice within `AuditRecord`, which has no place
 * for a secret: a token, its hash, a password or a link's token is never handed here.
 */
import type { AuditEntry, AuditFilter, Member } from "@/lib/contract";
import type { AuditChange, AuditKind } from "@/lib/domain/audit";
import { rangeEnd, rangeStart } from "@/lib/domain/render-order";
import type { Db } from "@/lib/server/db/database";
import type { AuditLogTable } from "@/lib/server/db/schema";
import type { Selectable } from "kysely";
import { afterPosition, decodeCursor, toPage, type KeysetOrder } from "./cursor";

/** Who did something: the member (null with sign-in off) and the client's address. */
export interface Actor {
  member: Member | null;
  address: string | null;
}

/** One entry to append. */
export interface AuditRecord {
  kind: AuditKind;
  by: Actor;
  /** The email a failed sign-in tried (there is no member then). */
  email?: string;
  target?: { type: string; id?: string | null; name?: string | null };
  /** The fields that changed: only those, before and after. */
  change?: AuditChange;
  /** When; now unless given. */
  at?: Date;
}

/** Appends one entry to the audit log. */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      at: (entry.at ?? new Date()).getTime(),
      kind: entry.kind,
      member_id: entry.by.member?.id ?? null,
      member_name: entry.by.member?.name ?? null,
      email: entry.email ?? null,
      address: entry.by.address,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      target_name: entry.target?.name ?? null,
      change: entry.change ? JSON.stringify(entry.change) : null,
    })
    .execute();
}

type AuditRow = Selectable<AuditLogTable>;

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.seq),
    at: new Date(Number(row.at)).toISOString(),
    kind: row.kind as AuditKind,
    actor: row.member_id === null ? null : { id: row.member_id, name: row.member_name ?? "" },
    email: row.email,
    address: row.address,
    target:
      row.target_type === null ? null : { type: row.target_type, id: row.target_id, name: row.target_name },
    change: row.change === null ? null : (JSON.parse(row.change) as AuditChange),
  };
}

/** Newest first; `seq` settles rows of one millisecond. */
const ORDER: KeysetOrder = [
  { column: "at", direction: "desc" },
  { column: "seq", direction: "desc" },
];

const isPosition = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length === 2 && value.every((part) => Number.isSafeInteger(part));

/** A page of the entries the filter matches, newest first, after `cursor` (a previous page's). */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
  page: { cursor?: string; limit: number },
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  let query = db.selectFrom("audit_log").selectAll();
  if (filter.member !== undefined) query = query.where("member_id", "=", filter.member);
  if (filter.kind !== undefined) query = query.where("kind", "=", filter.kind);
  const from = filter.from === undefined ? null : rangeStart(filter.from);
  const to = filter.to === undefined ? null : rangeEnd(filter.to);
  if (from !== null) query = query.where("at", ">=", Date.parse(from));
  if (to !== null) query = query.where("at", "<=", Date.parse(to));
  if (page.cursor !== undefined)
    query = query.where(afterPosition(ORDER, decodeCursor(page.cursor, isPosition)));
  const rows = await query
    .orderBy("at", "desc")
    .orderBy("seq", "desc")
    .limit(page.limit + 1)
    .execute();
  return toPage(rows, page.limit, toEntry, (row) => [Number(row.at), Number(row.seq)]);
}

/** Deletes the entries written before `before`: the retention sweep, the one delete there is. */
export async function sweepAudit(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom("audit_log").where("at", "<", before.getTime()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

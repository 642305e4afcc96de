import "server-only";
/**
 * The change log (see ChangesTable): ledger writes note what they changed in their own transaction,
 * so the log holds every visible change or none of a failed write; the live event stream reads it.
 */
import type { Transaction } from "kysely";
import type { Db } from "@/lib/server/db/database";
import { signalChange } from "@/lib/server/db/change-signal";
import { announceChange, serializeChangeLog } from "@/lib/server/db/dialect";
import type { Database } from "@/lib/server/db/schema";

/**
 * `session`: a member's sessions ended or their access changed (subject: the member's id); only a
 * nudge to drop cached sessions and re-check open streams, never sent to a page.
 */
export type ChangeTopic =
  | "render"
  | "upload"
  | "spend"
  | "rate"
  | "team"
  | "favourite"
  | "mark"
  | "board"
  | "run"
  | "notice"
  | "session";

export interface Change {
  seq: number;
  topic: ChangeTopic;
  subject: string;
}

/** Notes one change inside a `withChanges` write. */
export type NoteChange = (topic: ChangeTopic, subject?: string) => void;

/**
 * Runs `write` in a transaction that also logs the changes it notes, then wakes the log's readers
 * once the transaction has committed.
 */
export async function withChanges<T>(
  db: Db,
  write: (tx: Transaction<Database>, note: NoteChange) => Promise<T>,
): Promise<T> {
  const notes: { topic: ChangeTopic; subject: string }[] = [];
  const result = await db.transaction().execute(async (tx) => {
    const value = await write(tx, (topic, subject = "") => notes.push({ topic, subject }));
    if (notes.length > 0) {
      await serializeChangeLog(tx);
      const at = Date.now();
      await tx
        .insertInto("changes")
        .values(notes.map((n) => ({ ...n, at })))
        .execute();
      await announceChange(tx);
    }
    return value;
  });
  if (notes.length > 0) signalChange();
  return result;
}

/** Changes after `seq`, oldest first, at most `limit`. */
export async function changesAfter(db: Db, seq: number, limit: number): Promise<Change[]> {
  const rows = await db
    .selectFrom("changes")
    .select(["seq", "topic", "subject"])
    .where("seq", ">", seq)
    .orderBy("seq")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, topic: row.topic as ChangeTopic }));
}

/** The newest change's sequence number (0 for an empty log) and the oldest one still kept. */
export async function changeLogBounds(db: Db): Promise<{ oldest: number; latest: number }> {
  const row = await db
    .selectFrom("changes")
    .select((eb) => [eb.fn.min("seq").as("oldest"), eb.fn.max("seq").as("latest")])
    .executeTakeFirst();
  const latest = Number(row?.latest ?? 0);
  return { oldest: Number(row?.oldest ?? latest + 1), latest };
}

/** Forgets changes logged before `beforeMs`, always keeping the newest (it carries the sequence on). */
export async function pruneChanges(db: Db, beforeMs: number): Promise<number> {
  const { latest } = await changeLogBounds(db);
  const result = await db
    .deleteFrom("changes")
    .where("at", "<", beforeMs)
    .where("seq", "<", latest)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

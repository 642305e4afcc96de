import "server-only";
/**
 * The inbox (docs/architecture.md, "Review"): what is addressed to a member. An item is made once
 * per member and `source_key` (the unique index of migration 019), so two processes that handle the
 * same comment or notice write one row between them; each item made is noted in the change log for
 * its member's streams alone.
 */
import type { Transaction } from "kysely";
import { INBOX_KINDS, type InboxItem, type InboxKind, type InboxListQuery } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import type { Database, InboxItemRow } from "@/lib/server/db/schema";
import { withChanges, type NoteChange } from "./changes";
import { afterPosition, decodeCursor, toPage, type KeysetOrder } from "./cursor";
import { newLedgerId } from "./ids";
import { queueOutbox, type NewOutboxMessage } from "./outbox";

/** An item to make: for whom (favouritesOwner), what made it (unique per member), and what it says. */
export interface NewInboxItem {
  owner: string;
  sourceKey: string;
  kind: InboxKind;
  renderId: string | null;
  commentId: string | null;
  actor: string | null;
  text: string;
}

/** The change log's subject of an inbox change: whose it is and the item (or `read`); ids hold no space. */
const inboxSubject = (owner: string, what: string) => `${owner} ${what}`;

export function parseInboxSubject(subject: string): { owner: string; id: string } {
  const at = subject.lastIndexOf(" ");
  return { owner: subject.slice(0, at), id: subject.slice(at + 1) };
}

const kindOf = (row: InboxItemRow): InboxKind => INBOX_KINDS.find((k) => k === row.kind) ?? "comment";

function toInboxItem(row: InboxItemRow): InboxItem {
  return {
    id: row.id,
    kind: kindOf(row),
    renderId: row.render_id,
    commentId: row.comment_id,
    actor: row.actor,
    text: row.text,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/** Makes the items not made before (by any process), in the caller's transaction. */
export async function insertInboxItems(
  tx: Transaction<Database>,
  items: readonly NewInboxItem[],
  note: NoteChange,
): Promise<void> {
  const now = new Date().toISOString();
  for (const item of items) {
    const id = newLedgerId("inb");
    const inserted = await tx
      .insertInto("inbox_items")
      .values({
        id,
        member_id: item.owner,
        source_key: item.sourceKey,
        kind: item.kind,
        render_id: item.renderId,
        comment_id: item.commentId,
        actor: item.actor,
        text: item.text,
        created_at: now,
        read_at: null,
      })
      .onConflict((c) => c.columns(["member_id", "source_key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) note("inbox", inboxSubject(item.owner, id));
  }
}

/**
 * Who reads what concerns the whole team (a spend notice, an approval waiting): every active admin,
 * and with sign-in off the team, whose owner is "".
 */
export async function teamReaders(tx: Transaction<Database>): Promise<string[]> {
  const admins = await tx
    .selectFrom("members")
    .select("id")
    .where("role", "=", "admin")
    .where("deactivated_at", "is", null)
    .execute();
  return ["", ...admins.map((a) => a.id)];
}

/** Items whose messages the leader has not queued yet (migration 025), oldest first. */
export async function itemsToSendOut(db: Db, limit: number): Promise<InboxItemRow[]> {
  return db
    .selectFrom("inbox_items")
    .selectAll()
    .where("sent_out", "=", 0)
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Queues the items' messages and marks the items sent out, in one transaction: a crash between the
 * two cannot lose a message, and a second process doing the same queues the same keys, once.
 */
export async function sendOutItems(
  db: Db,
  ids: readonly string[],
  messages: readonly NewOutboxMessage[],
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const queued = await queueOutbox(tx, messages);
    await tx.updateTable("inbox_items").set({ sent_out: 1 }).where("id", "in", ids).execute();
    return queued;
  });
}

/** The member's items of these kinds made after `after` and up to `until` (ISO), oldest first. */
export async function itemsBetween(
  db: Db,
  owner: string,
  kinds: readonly string[],
  after: string,
  until: string,
): Promise<InboxItemRow[]> {
  if (kinds.length === 0) return [];
  return db
    .selectFrom("inbox_items")
    .selectAll()
    .where("member_id", "=", owner)
    .where("kind", "in", kinds)
    .where("created_at", ">", after)
    .where("created_at", "<=", until)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

const INBOX_ORDER: KeysetOrder = [
  { column: "created_at", direction: "desc" },
  { column: "id", direction: "desc" },
];

const isPosition = (value: unknown): value is [string, string] =>
  Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === "string");

/** A page of the owner's items, newest first. */
export async function listInbox(
  db: Db,
  owner: string,
  query: InboxListQuery,
): Promise<{ items: InboxItem[]; nextCursor: string | null }> {
  let q = db.selectFrom("inbox_items").selectAll().where("member_id", "=", owner);
  if (query.unread === "true") q = q.where("read_at", "is", null);
  if (query.cursor) q = q.where(afterPosition(INBOX_ORDER, decodeCursor(query.cursor, isPosition)));
  const rows = await q
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(query.limit + 1)
    .execute();
  return toPage(rows, query.limit, toInboxItem, (row) => [row.created_at, row.id]);
}

/** How many of the owner's items are unread. */
export async function unreadCount(db: Db, owner: string): Promise<number> {
  const row = await db
    .selectFrom("inbox_items")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("member_id", "=", owner)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks the owner's items read (these ids, or all); another member's ids are left alone. */
export async function markInboxRead(
  db: Db,
  owner: string,
  which: { ids: readonly string[] } | "all",
): Promise<void> {
  if (which !== "all" && which.ids.length === 0) return;
  await withChanges(db, async (tx, note) => {
    let q = tx
      .updateTable("inbox_items")
      .set({ read_at: new Date().toISOString() })
      .where("member_id", "=", owner)
      .where("read_at", "is", null);
    if (which !== "all") q = q.where("id", "in", which.ids);
    const result = await q.executeTakeFirst();
    // The owner's other pages update their count.
    if (Number(result.numUpdatedRows) > 0) note("inbox", inboxSubject(owner, "read"));
  });
}

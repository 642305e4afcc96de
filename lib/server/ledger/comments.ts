import "server-only";
/**
 * Comments on renders (docs/architecture.md, "Review"). Each write, in one transaction, changes the
 * comment, rewrites the render's review summary (review-summary.ts), makes the inbox items it causes
 * and notes the comment in the change log, so every open page hears of it, once.
 */
import type { Transaction } from "kysely";
import type { Comment, CommentAuthor, CommentThread } from "@/lib/contract";
import { z } from "zod/mini";
import { pinSchema, type Pin } from "@/lib/domain/review";
import type { Db } from "@/lib/server/db/database";
import type { CommentRow, Database } from "@/lib/server/db/schema";
import { withChanges, type NoteChange } from "./changes";
import { newLedgerId } from "./ids";
import { insertInboxItems, type NewInboxItem } from "./inbox";
import { refreshReview } from "./review-summary";

export type CommentAction = "created" | "edited" | "resolved" | "reopened" | "deleted";

/** The change log's subject of a comment change: its render, itself and what happened (ids hold no space). */
const commentSubject = (renderId: string, id: string, action: CommentAction) => `${renderId} ${id} ${action}`;

export function parseCommentSubject(subject: string): {
  renderId: string;
  id: string;
  action: CommentAction;
} {
  const [renderId = "", id = "", action = "edited"] = subject.split(" ");
  return { renderId, id, action: action as CommentAction };
}

function authorOf(row: CommentRow): CommentAuthor | null {
  if (row.author_kind === "guest") return { kind: "guest", name: row.member_name ?? "" };
  if (row.member_id) return { kind: "member", id: row.member_id, name: row.member_name ?? "" };
  return null;
}

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    renderId: row.render_id,
    parentId: row.parent_id,
    author: authorOf(row),
    text: row.deleted_at === null ? row.text : "",
    pin: z.parse(pinSchema, JSON.parse(row.pin)),
    createdAt: row.created_at,
    editedAt: row.edited_at,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by_id ? { id: row.resolved_by_id, name: row.resolved_by_name ?? "" } : null,
    deletedAt: row.deleted_at,
  };
}

/** Who writes a comment: a member, a guest through a share link, or nobody named (sign-in off). */
export type CommentWriter =
  | { kind: "member"; id: string; name: string }
  | { kind: "guest"; name: string; shareId: string; address: string }
  | { kind: "none" };

export interface NewComment {
  renderId: string;
  parentId: string | null;
  writer: CommentWriter;
  text: string;
  pin: Pin;
}

/** Writes a comment in the caller's transaction (a change request's note is one): no summary, no note. */
export async function insertCommentRow(tx: Transaction<Database>, input: NewComment): Promise<CommentRow> {
  const { writer } = input;
  const row: CommentRow = {
    id: newLedgerId("cmt"),
    render_id: input.renderId,
    parent_id: input.parentId,
    author_kind: writer.kind,
    member_id: writer.kind === "member" ? writer.id : null,
    member_name: writer.kind === "none" ? null : writer.name,
    share_id: writer.kind === "guest" ? writer.shareId : null,
    guest_address: writer.kind === "guest" ? writer.address : null,
    text: input.text,
    pin: JSON.stringify(input.pin),
    created_at: new Date().toISOString(),
    edited_at: null,
    resolved_at: null,
    resolved_by_id: null,
    resolved_by_name: null,
    deleted_at: null,
    deleted_by_id: null,
  };
  await tx.insertInto("comments").values(row).execute();
  return row;
}

/** Notes a comment's change for the live stream. */
export const noteComment = (
  note: NoteChange,
  row: Pick<CommentRow, "render_id" | "id">,
  action: CommentAction,
) => note("comment", commentSubject(row.render_id, row.id, action));

/**
 * Adds a comment, and the inbox items `inboxFor` names for it (given its id), in one transaction.
 */
export async function addComment(
  db: Db,
  input: NewComment,
  inboxFor: (commentId: string) => NewInboxItem[],
): Promise<Comment> {
  return withChanges(db, async (tx, note) => {
    const row = await insertCommentRow(tx, input);
    await insertInboxItems(tx, inboxFor(row.id), note);
    await refreshReview(tx, input.renderId, note);
    noteComment(note, row, "created");
    return toComment(row);
  });
}

export async function getCommentRow(db: Db, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom("comments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The render's threads, oldest first, each with its replies oldest first. */
export async function listThreads(db: Db, renderId: string): Promise<CommentThread[]> {
  const rows = await db
    .selectFrom("comments")
    .selectAll()
    .where("render_id", "=", renderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const threads = new Map<string, CommentThread>();
  for (const row of rows) if (row.parent_id === null) threads.set(row.id, { ...toComment(row), replies: [] });
  for (const row of rows)
    if (row.parent_id !== null) threads.get(row.parent_id)?.replies.push(toComment(row));
  return [...threads.values()];
}

/** The members who wrote in a thread (its first comment and its replies), by id. */
export async function threadMembers(db: Db, threadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("comments")
    .select("member_id")
    .distinct()
    .where((eb) => eb.or([eb("id", "=", threadId), eb("parent_id", "=", threadId)]))
    .where("member_id", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.member_id ? [row.member_id] : []));
}

type CommentChange =
  | { action: "edited"; text: string }
  | { action: "resolved"; by: { id: string; name: string } | null }
  | { action: "reopened" }
  | { action: "deleted"; byId: string | null };

/** Changes a comment (answers it as it now is), rewrites its render's summary and notes it. */
export async function changeComment(db: Db, row: CommentRow, change: CommentChange): Promise<Comment> {
  const now = new Date().toISOString();
  return withChanges(db, async (tx, note) => {
    const values =
      change.action === "edited"
        ? { text: change.text, edited_at: now }
        : change.action === "resolved"
          ? {
              resolved_at: now,
              resolved_by_id: change.by?.id ?? null,
              resolved_by_name: change.by?.name ?? null,
            }
          : change.action === "reopened"
            ? { resolved_at: null, resolved_by_id: null, resolved_by_name: null }
            : { deleted_at: now, deleted_by_id: change.byId };
    const updated = await tx
      .updateTable("comments")
      .set(values)
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await refreshReview(tx, row.render_id, note);
    noteComment(note, row, change.action);
    return toComment(updated);
  });
}

/** When a guest's comments made since `since` were made, newest first, at most `atMost`: through a link, or from an address. */
export async function guestCommentsSince(
  db: Db,
  by: { shareId: string } | { address: string },
  since: Date,
  atMost: number,
): Promise<string[]> {
  let q = db
    .selectFrom("comments")
    .select("created_at")
    .where("author_kind", "=", "guest")
    .where("created_at", ">", since.toISOString());
  q = "shareId" in by ? q.where("share_id", "=", by.shareId) : q.where("guest_address", "=", by.address);
  const rows = await q.orderBy("created_at", "desc").limit(atMost).execute();
  return rows.map((r) => r.created_at);
}

/** Every comment that stands on these renders, oldest first: what a zip's comments.csv lists. */
export async function commentsOfRenders(db: Db, renderIds: readonly string[]): Promise<Comment[]> {
  if (renderIds.length === 0) return [];
  const rows = await db
    .selectFrom("comments")
    .selectAll()
    .where("render_id", "in", renderIds)
    .where("deleted_at", "is", null)
    .orderBy("render_id")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toComment);
}

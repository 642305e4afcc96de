import "server-only";
/**
 * Members' comments on renders (docs/architecture.md, "Review"): any member reads, writes, replies,
 * resolves and reopens; the author edits and deletes their own, an admin deletes any (an entry of
 * the audit log when it is someone else's). With sign-in off everyone acts as the team. Writing is
 * limited like everything members make (`commentsPerMinute`, lib/domain/limits.ts).
 */
import {
  AppError,
  type Comment,
  type CommentCreate,
  type CommentThreadList,
  type Member,
} from "@/lib/contract";
import { WHOLE_RENDER, excerpt, guestLabel } from "@/lib/domain/review";
import { getDb, type Db } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import * as ledger from "@/lib/server/ledger/comments";
import type { CommentWriter } from "@/lib/server/ledger/comments";
import type { CommentRow, RenderRow } from "@/lib/server/db/schema";
import { getRenderRow, toLedgerRender } from "@/lib/server/ledger/renders";
import { assertMayMake } from "@/lib/server/team/limits";
import { commentRecipients } from "./recipients";

const noRender = () => new AppError("not_found", "No render with this id in the dashboard's history.");
const noComment = () => new AppError("not_found", "No comment with this id.");

/** The render's row, or 404. */
export async function requireRender(db: Db, renderId: string) {
  const row = await getRenderRow(db, renderId);
  if (!row) throw noRender();
  return row;
}

/** The render's threads and its review summary. */
export async function threadsOf(db: Db, renderId: string): Promise<CommentThreadList> {
  const row = await requireRender(db, renderId);
  const review = toLedgerRender(row).review;
  if (!review) throw new Error("a ledger render always carries its review summary");
  return { items: await ledger.listThreads(db, renderId), review };
}

export async function listComments(renderId: string): Promise<CommentThreadList> {
  return threadsOf(await getDb(), renderId);
}

/** The thread a reply joins: a standing first comment of the same render. */
export async function requireThread(db: Db, renderId: string, parentId: string): Promise<CommentRow> {
  const parent = await ledger.getCommentRow(db, parentId);
  if (!parent || parent.render_id !== renderId || parent.parent_id !== null || parent.deleted_at !== null) {
    throw new AppError("not_found", "No thread with this id on this render.", { field: "parentId" });
  }
  return parent;
}

/**
 * Writes a checked comment (a new thread, or a reply to `parent`) with the inbox items it makes:
 * members' and guests' comments alike. A reply sits where its thread does.
 */
export async function writeComment(
  db: Db,
  render: Pick<RenderRow, "id" | "member_id">,
  parent: CommentRow | null,
  writer: CommentWriter,
  input: Pick<CommentCreate, "text" | "pin">,
): Promise<Comment> {
  const inbox = await commentRecipients(
    db,
    {
      renderId: render.id,
      renderMaker: render.member_id,
      actorId: writer.kind === "member" ? writer.id : null,
      actorName:
        writer.kind === "guest" ? guestLabel(writer.name) : writer.kind === "member" ? writer.name : null,
      // Guests cannot see the team's names, so their text mentions no one.
      mentions: writer.kind !== "guest",
    },
    input.text,
    parent?.id ?? null,
  );
  return ledger.addComment(
    db,
    {
      renderId: render.id,
      parentId: parent?.id ?? null,
      writer,
      text: input.text,
      pin: parent ? ledger.toComment(parent).pin : (input.pin ?? WHOLE_RENDER),
    },
    inbox,
  );
}

export async function createComment(
  renderId: string,
  input: CommentCreate,
  member: Member | null,
): Promise<Comment> {
  const db = await getDb();
  const render = await requireRender(db, renderId);
  const parent = input.parentId === undefined ? null : await requireThread(db, renderId, input.parentId);
  await assertMayMake("comments", member);
  const writer: CommentWriter = member
    ? { kind: "member", id: member.id, name: member.name }
    : { kind: "none" };
  return writeComment(db, render, parent, writer, input);
}

/** A comment that stands (not deleted), or 404. */
async function standing(db: Db, id: string): Promise<CommentRow> {
  const row = await ledger.getCommentRow(db, id);
  if (!row || row.deleted_at !== null) throw noComment();
  return row;
}

/** Whether `member` wrote it (with sign-in off, everyone is the team, who wrote every comment). */
const wrote = (row: CommentRow, member: Member | null) =>
  member === null || (row.author_kind === "member" && row.member_id === member.id);

export async function editComment(id: string, text: string, member: Member | null): Promise<Comment> {
  const db = await getDb();
  const row = await standing(db, id);
  if (!wrote(row, member)) throw new AppError("forbidden", "Only its author may edit a comment.");
  return ledger.changeComment(db, row, { action: "edited", text });
}

export async function deleteComment(id: string, by: Actor): Promise<void> {
  const db = await getDb();
  const row = await standing(db, id);
  const { member } = by;
  const own = wrote(row, member);
  if (!own && member?.role !== "admin") {
    throw new AppError("forbidden", "Only its author, or an admin, may delete a comment.");
  }
  await ledger.changeComment(db, row, { action: "deleted", byId: member?.id ?? null });
  if (!own) {
    await recordAudit(db, {
      kind: "comment.deleted",
      by,
      target: { type: "comment", id: row.id, name: row.member_name },
      change: { before: { render: row.render_id, text: excerpt(row.text) }, after: {} },
    });
  }
}

/** Resolves (or reopens) the thread the comment is in: anyone may. Answers the thread's first comment. */
export async function setResolved(id: string, resolved: boolean, member: Member | null): Promise<Comment> {
  const db = await getDb();
  const row = await standing(db, id);
  const thread = row.parent_id === null ? row : await standing(db, row.parent_id);
  if ((thread.resolved_at !== null) === resolved) return ledger.toComment(thread);
  return ledger.changeComment(
    db,
    thread,
    resolved
      ? { action: "resolved", by: member && { id: member.id, name: member.name } }
      : { action: "reopened" },
  );
}

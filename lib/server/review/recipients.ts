import "server-only";
/**
 * Who a comment or a decision is addressed to (docs/architecture.md, "Review"): the members it
 * mentions, those who wrote in its thread, and the member who made the render; never its writer,
 * and each once (a mention wins over a reply, a reply over "on your render"), keyed so every
 * process that writes it makes it once.
 */
import { excerpt, parseMentions, type ReviewDecision } from "@/lib/domain/review";
import type { Db } from "@/lib/server/db/database";
import { threadMembers } from "@/lib/server/ledger/comments";
import type { NewInboxItem } from "@/lib/server/ledger/inbox";
import { activeMemberNames } from "@/lib/server/ledger/members";

/** What the items are about: the render, its maker, who acts and what they wrote. */
export interface Occasion {
  renderId: string;
  /** The member who made the render; null with sign-in off. */
  renderMaker: string | null;
  /** The writer's member id (null: a guest, or sign-in off) and how items name them. */
  actorId: string | null;
  actorName: string | null;
  /** Whether mentions in the text make items (a guest's do not: they cannot see the team's names). */
  mentions: boolean;
}

/**
 * The items a new comment makes: mentions, then the thread's writers (a reply), then the render's
 * maker. `threadId` is the thread a reply joins (null: a new thread).
 */
export async function commentRecipients(
  db: Db,
  occasion: Occasion,
  text: string,
  threadId: string | null,
): Promise<(commentId: string) => NewInboxItem[]> {
  const mentioned = occasion.mentions ? parseMentions(text, await activeMemberNames(db)) : [];
  const thread = threadId === null ? [] : await threadMembers(db, threadId);
  const kinds = new Map<string, NewInboxItem["kind"]>();
  const add = (owner: string | null, kind: NewInboxItem["kind"]) => {
    if (owner && owner !== occasion.actorId && !kinds.has(owner)) kinds.set(owner, kind);
  };
  for (const id of mentioned) add(id, "mention");
  for (const id of thread) add(id, "reply");
  add(occasion.renderMaker, "comment");
  return (commentId) =>
    [...kinds].map(([owner, kind]) => ({
      owner,
      sourceKey: `comment:${commentId}`,
      kind,
      renderId: occasion.renderId,
      commentId,
      actor: occasion.actorName,
      text: excerpt(text),
    }));
}

/** The items a decision makes: the render's maker hears of it; a change request's note mentions too. */
export async function decisionRecipients(
  db: Db,
  occasion: Occasion,
  decision: ReviewDecision,
  note: string | null,
  decidedAt: string,
): Promise<(noteCommentId: string | null) => NewInboxItem[]> {
  const onNote =
    note === null ? null : await commentRecipients(db, { ...occasion, renderMaker: null }, note, null);
  const words = decision === "approve" ? "Approved" : `Requested changes: ${excerpt(note ?? "")}`;
  return (noteCommentId) => [
    ...(onNote && noteCommentId ? onNote(noteCommentId) : []),
    ...(occasion.renderMaker && occasion.renderMaker !== occasion.actorId
      ? [
          {
            owner: occasion.renderMaker,
            sourceKey: `decision:${occasion.renderId}:${occasion.actorId ?? ""}:${decidedAt}`,
            kind: "decision" as const,
            renderId: occasion.renderId,
            commentId: noteCommentId,
            actor: occasion.actorName,
            text: words,
          },
        ]
      : []),
  ];
}

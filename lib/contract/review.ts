/**
 * Review together (docs/architecture.md, "Review"): comments pinned on renders and their threads,
 * members' decisions, the render's review summary, guests' comments on share links, and the inbox.
 */
import { z } from "zod/mini";
import {
  COMMENT_MAX_CHARS,
  REVIEW_DECISIONS,
  REVIEW_FILTERS,
  REVIEW_STATES,
  pinSchema,
  type Pin,
} from "@/lib/domain/review";
import { RENDER_ID_PATTERN } from "@/lib/domain/ids";
import { multiLineText, singleLineText } from "@/lib/domain/text";
import { NOTICE_KINDS } from "./notices";
import { pageLimitSchema } from "./pages";

export { COMMENT_MAX_CHARS, REVIEW_DECISIONS, REVIEW_FILTERS, REVIEW_STATES, pinSchema, type Pin };

/** A comment's id in a path. */
export const COMMENT_ID_PATTERN = /^cmt_[A-Za-z0-9_-]{1,64}$/;
/** An inbox item's id. */
export const INBOX_ID_PATTERN = /^inb_[A-Za-z0-9_-]{1,64}$/;

const commentId = z.string().check(z.regex(COMMENT_ID_PATTERN, { error: "id must be a comment id." }));

/** A comment's text: 1 to 2,000 characters, line breaks kept; stored as typed (pages show it as text). */
export const commentTextSchema = z
  .string({ error: "text must be text" })
  .check(
    z.trim(),
    z.minLength(1, { error: "text must not be empty" }),
    z.maxLength(COMMENT_MAX_CHARS, { error: `text must be at most ${COMMENT_MAX_CHARS} characters` }),
    multiLineText("text"),
  );

/** Who wrote a comment: a member (id and name) or a guest of a share link (the name they typed). Never an email. */
export const commentAuthorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("member"), id: z.string(), name: z.string() }),
  z.object({ kind: z.literal("guest"), name: z.string() }),
]);
export type CommentAuthor = z.infer<typeof commentAuthorSchema>;

const person = z.object({ id: z.string(), name: z.string() });

export const commentSchema = z.object({
  id: z.string(),
  renderId: z.string(),
  /** The thread's first comment this one replies to; null for a thread's first comment. */
  parentId: z.nullable(z.string()),
  /** Null when sign-in was off (no one to name). */
  author: z.nullable(commentAuthorSchema),
  /** Empty once deleted (the thread keeps its place so its replies still read in order). */
  text: z.string(),
  /** Where it is pinned; a reply takes its thread's pin. */
  pin: pinSchema,
  createdAt: z.string(),
  /** When its author last changed the text; null: never ("edited" shows otherwise). */
  editedAt: z.nullable(z.string()),
  /** A thread's first comment only: when and by whom the thread was resolved; null while open. */
  resolvedAt: z.nullable(z.string()),
  resolvedBy: z.nullable(person),
  /** When it was deleted; null while it stands. */
  deletedAt: z.nullable(z.string()),
});
export type Comment = z.infer<typeof commentSchema>;

/** A thread: its first comment and the replies, oldest first. */
export const commentThreadSchema = z.extend(commentSchema, { replies: z.array(commentSchema) });
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** One member's standing decision on a render. */
export const reviewDecisionSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  decision: z.enum(REVIEW_DECISIONS),
  /** The note of a change request (also posted as a comment, `commentId`); null for an approval. */
  note: z.nullable(z.string()),
  commentId: z.nullable(z.string()),
  /** A change request whose note's thread is still open; an approval is always true. */
  open: z.boolean(),
  at: z.string(),
});
export type ReviewDecisionRecord = z.infer<typeof reviewDecisionSchema>;

/** The render's review at a glance: what cards, the viewer and the render page show. */
export const reviewSummarySchema = z.object({
  state: z.enum(REVIEW_STATES),
  /** Threads neither resolved nor deleted. */
  openThreads: z.number().check(z.int()),
  /** Comments that stand (not deleted), replies included. */
  comments: z.number().check(z.int()),
  /** Every member's standing decision, the latest first. */
  decisions: z.array(reviewDecisionSchema),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** `GET /api/renders/{id}/comments` (and a share link's): the threads, oldest first, and the summary. */
export const commentThreadListSchema = z.object({
  items: z.array(commentThreadSchema),
  review: reviewSummarySchema,
});
export type CommentThreadList = z.infer<typeof commentThreadListSchema>;

/** `POST /api/renders/{id}/comments`: a new thread (with a pin) or a reply (`parentId`, the thread's pin). */
export const commentCreateSchema = z.object({
  text: commentTextSchema,
  /** A thread's first comment: where it is pinned (absent: the whole render). Ignored on a reply. */
  pin: z.optional(pinSchema),
  /** The thread's first comment, to reply to it. */
  parentId: z.optional(commentId),
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

/** The longest name a guest may give. */
export const GUEST_NAME_MAX_CHARS = 60;

/** Which render of a board link a guest means (a render link's is its own; absent there). */
const sharedRenderId = z.optional(
  z.string().check(z.regex(RENDER_ID_PATTERN, { error: "render must be a render id." })),
);

/** Query of `GET /api/shares/{token}/comments`: on a board link, the render (`render`). */
export const guestCommentListQuerySchema = z.object({ render: sharedRenderId });
export type GuestCommentListQuery = z.infer<typeof guestCommentListQuerySchema>;

/** `POST /api/shares/{token}/comments`: a guest's comment, under the name they typed. */
export const guestCommentCreateSchema = z.extend(commentCreateSchema, {
  /** On a board link, the render it is about. */
  render: sharedRenderId,
  guestName: z.string({ error: "guestName must be text" }).check(
    z.trim(),
    z.minLength(1, { error: "guestName must not be empty" }),
    z.maxLength(GUEST_NAME_MAX_CHARS, {
      error: `guestName must be at most ${GUEST_NAME_MAX_CHARS} characters`,
    }),
    singleLineText("guestName"),
  ),
});
export type GuestCommentCreate = z.infer<typeof guestCommentCreateSchema>;

/** `PATCH /api/comments/{id}`: its author changes the text. */
export const commentUpdateSchema = z.object({ text: commentTextSchema });
export type CommentUpdate = z.infer<typeof commentUpdateSchema>;

/** Path of `/api/comments/{id}` and its `/resolve` and `/reopen`. */
export const commentIdParamsSchema = z.object({ id: commentId });

/** `PUT /api/renders/{id}/review`: approve, or request changes with a note (posted as a comment). */
export const reviewDecisionInputSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: "decision must be 'approve' or 'changes'" }),
    note: z.optional(commentTextSchema),
  })
  .check(
    z.refine((input) => input.decision !== "changes" || input.note !== undefined, {
      error: "a change request needs a note",
      path: ["note"],
    }),
  );
export type ReviewDecisionInput = z.infer<typeof reviewDecisionInputSchema>;

/** What each filter value of the gallery's `review` filter lists (lib/domain/review.ts). */
export const reviewFilterSchema = z.enum(REVIEW_FILTERS, {
  error: `review must be one of ${REVIEW_FILTERS.join(", ")}`,
});

/**
 * What an inbox item is about. The spend notices' kinds (lib/contract/notices.ts) arrive here too, and
 * for admins a render held for their approval (`approval_waiting`, its `renderId` the held request's).
 */
export const INBOX_KINDS = [
  "mention",
  "reply",
  "comment",
  "decision",
  "approval_waiting",
  ...NOTICE_KINDS,
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const inboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(INBOX_KINDS),
  /** The render it is about (with `commentId`, the page opens `?view=<renderId>&comment=<commentId>`); null for a spend notice. */
  renderId: z.nullable(z.string()),
  commentId: z.nullable(z.string()),
  /** Who did it ("Guest: Ann" for a guest); null for a spend notice. */
  actor: z.nullable(z.string()),
  /** The comment's first words, the decision, or the notice's message. */
  text: z.string(),
  createdAt: z.string(),
  /** Null while unread. */
  readAt: z.nullable(z.string()),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** `GET /api/inbox`: newest first, a page at a time, and how many are unread in all. */
export const inboxListSchema = z.object({
  items: z.array(inboxItemSchema),
  nextCursor: z.nullable(z.string()),
  unreadCount: z.number().check(z.int()),
});
export type InboxList = z.infer<typeof inboxListSchema>;

/** Query of `GET /api/inbox`. */
export const inboxListQuerySchema = z.object({
  /** `true`: unread items only. */
  unread: z.optional(z.enum(["true"], { error: "unread must be 'true'" })),
  cursor: z.optional(z.string().check(z.maxLength(200), singleLineText("cursor"))),
  limit: z._default(pageLimitSchema, 30),
});
export type InboxListQuery = z.infer<typeof inboxListQuerySchema>;

/** `POST /api/inbox/read`: mark these items read, or all of them. */
export const inboxReadSchema = z
  .object({
    ids: z.optional(
      z
        .array(z.string().check(z.regex(INBOX_ID_PATTERN, { error: "ids must be inbox item ids." })))
        .check(z.maxLength(500, { error: "ids may name at most 500 items" })),
    ),
    all: z.optional(z.literal(true, { error: "all must be true" })),
  })
  .check(
    z.refine((input) => (input.ids !== undefined) !== (input.all !== undefined), {
      error: "give either ids or all",
    }),
  );
export type InboxRead = z.infer<typeof inboxReadSchema>;

/** `GET /api/inbox/unread` and `POST /api/inbox/read`: how many items are unread now. */
export const inboxUnreadSchema = z.object({ unreadCount: z.number().check(z.int()) });
export type InboxUnread = z.infer<typeof inboxUnreadSchema>;

/** `DELETE /api/comments/{id}` and `DELETE /api/renders/{id}/review`. */
export const commentDeletedSchema = z.object({ deleted: z.literal(true) });

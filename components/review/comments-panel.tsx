"use client";
/**
 * The Comments panel of a render (viewer, render page): "Comment" starts placing a pin on the media
 * (review-media.tsx), then the text is written; threads, numbered like their markers, with replies,
 * edit and delete of one's own (admins delete any), Resolve and Reopen; resolved threads fold away.
 * Hovering or focusing a thread highlights its marker; choosing it seeks the video or brings the
 * pin into view. Loaded with the viewer, or on demand on the render page.
 */
import { useEffect, useRef, useState } from "react";
import { MessageSquarePlusIcon } from "lucide-react";
import type { Comment, CommentThread } from "@/lib/contract";
import {
  useComments,
  useCreateComment,
  useDeleteComment,
  useEditComment,
  useResolveThread,
} from "@/lib/client/queries/review";
import { useSession } from "@/lib/client/queries/session";
import { useMemberNames } from "@/lib/client/queries/team";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { CommentText } from "./comment-text";
import { authorName, pinLabel } from "./comment-labels";
import { MentionField } from "./mention-field";
import { useReviewSession } from "./review-session";
import { numberThreads, splitThreads, type NumberedThread } from "./threads";

interface Viewer {
  memberId: string | null;
  admin: boolean;
  /** Sign-in off: everyone acts as the team, and may change any comment. */
  team: boolean;
}

function useViewer(): Viewer {
  const session = useSession().data;
  const member = session?.member ?? null;
  return {
    memberId: member?.id ?? null,
    admin: member?.role === "admin",
    team: session?.authEnabled === false,
  };
}

const mayEdit = (viewer: Viewer, comment: Comment) =>
  viewer.team || (comment.author?.kind === "member" && comment.author.id === viewer.memberId);
const mayDelete = (viewer: Viewer, comment: Comment) => viewer.admin || mayEdit(viewer, comment);

export function CommentsPanel({ renderId }: { renderId: string }) {
  const session = useReviewSession();
  const query = useComments(renderId);
  const names = useMemberNames().data?.map((member) => member.name) ?? [];
  const numbered = numberThreads(query.data?.items ?? []);
  const { open, resolved } = splitThreads(numbered);
  const viewer = useViewer();

  return (
    <section aria-labelledby={`comments-${renderId}`} className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id={`comments-${renderId}`} className="text-sm font-semibold">
          Comments
        </h2>
        {open.length > 0 && (
          <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{open.length} open</span>
        )}
        {session && (
          <Button
            size="sm"
            className="ml-auto"
            aria-pressed={session.placing || session.draft !== null}
            aria-keyshortcuts="c"
            onClick={session.startPlacing}
          >
            <MessageSquarePlusIcon /> Comment
          </Button>
        )}
      </div>
      {session && <Composer renderId={renderId} names={names} />}
      {query.isError && <Notice tone="error">{query.error.message}</Notice>}
      {query.data && numbered.length === 0 && !session?.draft && !session?.placing && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No comments yet.</p>
      )}
      <ol aria-label="Open threads" className="flex flex-col gap-2">
        {open.map((each) => (
          <Thread key={each.thread.id} renderId={renderId} entry={each} names={names} viewer={viewer} />
        ))}
      </ol>
      {resolved.length > 0 && (
        // Opened when the thread chosen (an inbox item's) is among them.
        <details
          className="group"
          open={resolved.some((each) => each.thread.id === session?.chosen?.id) || undefined}
        >
          <summary className="cursor-pointer text-sm text-zinc-600 dark:text-zinc-400">
            Resolved ({resolved.length})
          </summary>
          <ol aria-label="Resolved threads" className="mt-2 flex flex-col gap-2">
            {resolved.map((each) => (
              <Thread key={each.thread.id} renderId={renderId} entry={each} names={names} viewer={viewer} />
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

/** Writing a new thread: the pin placed (or the whole render), then the text. */
function Composer({ renderId, names }: { renderId: string; names: readonly string[] }) {
  const session = useReviewSession()!;
  const [text, setText] = useState("");
  const create = useCreateComment(renderId);
  const field = useRef<HTMLTextAreaElement>(null);
  const writing = session.draft !== null;
  useEffect(() => {
    if (writing) field.current?.focus();
  }, [writing, session.draft]);

  if (!session.placing && !writing) return null;
  const pin = session.draft;
  const send = () => {
    if (!text.trim()) return;
    create.mutate(
      { text, pin: pin ?? { kind: "render" } },
      {
        onSuccess: (comment) => {
          setText("");
          session.cancelDraft();
          session.choose(comment.id);
        },
      },
    );
  };
  return (
    <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50/60 p-2.5 dark:border-amber-800 dark:bg-amber-950/30">
      <p className="text-xs text-zinc-700 dark:text-zinc-300" aria-live="polite">
        {pin === null
          ? "Click a point or drag a rectangle on the image, or write about the whole render."
          : session.kind === "video"
            ? `At ${pinLabel(pin) ?? "the whole render"}. Drag along the timeline to pin a range instead.`
            : `Pinned: ${(pinLabel(pin) ?? "the whole render").toLowerCase()}.`}
      </p>
      <MentionField
        ref={field}
        label="New comment"
        value={text}
        onChange={setText}
        names={names}
        onSubmit={send}
        placeholder="Write a comment; @ to mention someone"
      />
      {create.isError && <Notice tone="error">{create.error.message}</Notice>}
      <div className="flex gap-2">
        <Button size="sm" variant="primary" busy={create.isPending} busyText="Posting…" onClick={send}>
          Post comment
        </Button>
        <Button size="sm" variant="ghost" disabled={create.isPending} onClick={session.cancelDraft}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function Thread({
  renderId,
  entry,
  names,
  viewer,
}: {
  renderId: string;
  entry: NumberedThread;
  names: readonly string[];
  viewer: Viewer;
}) {
  const session = useReviewSession();
  const { number, thread } = entry;
  const highlighted = session?.highlighted === thread.id;
  const item = useRef<HTMLLIElement>(null);
  const chosen = session?.chosen?.id === thread.id;
  useEffect(() => {
    if (chosen) item.current?.scrollIntoView({ block: "nearest" });
  }, [chosen]);
  const resolve = useResolveThread(renderId);
  const [replying, setReplying] = useState(false);
  const where = pinLabel(thread.pin);
  return (
    <li
      ref={item}
      aria-label={`Thread ${number}`}
      data-thread-id={thread.id}
      data-highlighted={highlighted || undefined}
      className="rounded-md border border-zinc-200 p-2.5 data-highlighted:border-amber-400 data-highlighted:bg-amber-50 dark:border-zinc-800 dark:data-highlighted:bg-amber-950/30"
      onPointerEnter={() => session?.setHighlighted(thread.id)}
      onPointerLeave={() => session?.setHighlighted(null)}
    >
      <div className="mb-1 flex items-center gap-2">
        <button
          type="button"
          aria-label={where ? `Show comment ${number} (${where})` : `Comment ${number}: the whole render`}
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white focus-visible:ring-4 focus-visible:ring-indigo-300 focus-visible:outline-none"
          onFocus={() => session?.setHighlighted(thread.id)}
          onBlur={() => session?.setHighlighted(null)}
          onClick={() => session?.choose(thread.id)}
        >
          {number}
        </button>
        {where && <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{where}</span>}
        {thread.resolvedAt !== null && (
          <span className="text-xs text-emerald-700 dark:text-emerald-400">
            Resolved{thread.resolvedBy && <> by {thread.resolvedBy.name}</>}
          </span>
        )}
        <Button
          size="xs"
          variant="ghost"
          className="ml-auto"
          busy={resolve.isPending}
          onClick={() => resolve.mutate({ id: thread.id, resolved: thread.resolvedAt === null })}
        >
          {thread.resolvedAt === null ? "Resolve" : "Reopen"}
        </Button>
      </div>
      <CommentBody renderId={renderId} comment={thread} names={names} viewer={viewer} />
      {thread.replies.length > 0 && (
        <ol
          aria-label="Replies"
          className="mt-2 flex flex-col gap-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800"
        >
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentBody renderId={renderId} comment={reply} names={names} viewer={viewer} />
            </li>
          ))}
        </ol>
      )}
      {resolve.isError && <Notice tone="error">{resolve.error.message}</Notice>}
      {replying ? (
        <Reply renderId={renderId} thread={thread} names={names} onDone={() => setReplying(false)} />
      ) : (
        thread.resolvedAt === null && (
          <Button size="xs" variant="ghost" className="mt-1" onClick={() => setReplying(true)}>
            Reply
          </Button>
        )
      )}
    </li>
  );
}

/** One comment: who, when, the text ("edited" once changed), and its author's Edit and Delete. */
function CommentBody({
  renderId,
  comment,
  names,
  viewer,
}: {
  renderId: string;
  comment: Comment;
  names: readonly string[];
  viewer: Viewer;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.text);
  const edit = useEditComment(renderId);
  const remove = useDeleteComment(renderId);
  if (comment.deletedAt !== null) {
    return <p className="text-sm text-zinc-500 italic dark:text-zinc-400">Comment deleted</p>;
  }
  const save = () => edit.mutate({ id: comment.id, text }, { onSuccess: () => setEditing(false) });
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="font-medium text-zinc-800 dark:text-zinc-200">{authorName(comment)}</span>
        <RelativeTime iso={comment.createdAt} />
        {comment.editedAt !== null && <span>(edited)</span>}
      </p>
      {editing ? (
        <>
          <MentionField label="Edit comment" value={text} onChange={setText} names={names} onSubmit={save} />
          <div className="flex gap-2">
            <Button size="xs" variant="primary" busy={edit.isPending} busyText="Saving…" onClick={save}>
              Save
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
          {edit.isError && <Notice tone="error">{edit.error.message}</Notice>}
        </>
      ) : (
        <CommentText text={comment.text} />
      )}
      {!editing && (mayEdit(viewer, comment) || mayDelete(viewer, comment)) && (
        <div className="flex gap-1">
          {mayEdit(viewer, comment) && (
            <Button
              size="xs"
              variant="ghost"
              onClick={() => {
                setText(comment.text);
                setEditing(true);
              }}
            >
              Edit
            </Button>
          )}
          {mayDelete(viewer, comment) && (
            <Button
              size="xs"
              variant="ghost"
              busy={remove.isPending}
              busyText="Deleting…"
              onClick={() => remove.mutate(comment.id)}
            >
              Delete
            </Button>
          )}
        </div>
      )}
      {remove.isError && <Notice tone="error">{remove.error.message}</Notice>}
    </div>
  );
}

function Reply({
  renderId,
  thread,
  names,
  onDone,
}: {
  renderId: string;
  thread: CommentThread;
  names: readonly string[];
  onDone: () => void;
}) {
  const [text, setText] = useState("");
  const create = useCreateComment(renderId);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const send = () => {
    if (!text.trim()) return;
    create.mutate({ text, parentId: thread.id }, { onSuccess: onDone });
  };
  return (
    <div className="mt-2 flex flex-col gap-2">
      <MentionField
        ref={field}
        label="Reply"
        value={text}
        onChange={setText}
        names={names}
        onSubmit={send}
        rows={2}
      />
      {create.isError && <Notice tone="error">{create.error.message}</Notice>}
      <div className="flex gap-2">
        <Button size="xs" variant="primary" busy={create.isPending} busyText="Sending…" onClick={send}>
          Send reply
        </Button>
        <Button size="xs" variant="ghost" disabled={create.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

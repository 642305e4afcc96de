/**
 * A render's threads as the page shows them: numbered in the order they were started (the number a
 * marker on the media and its comment share, kept when a thread is resolved), open ones apart from
 * resolved ones, which fold away.
 */
import type { CommentThread } from "@/lib/contract";

export interface NumberedThread {
  number: number;
  thread: CommentThread;
}

export function numberThreads(threads: readonly CommentThread[]): NumberedThread[] {
  return threads.map((thread, index) => ({ number: index + 1, thread }));
}

/** A thread whose first comment was deleted and has no reply left has nothing to show. */
const isGone = (thread: CommentThread) =>
  thread.deletedAt !== null && thread.replies.every((reply) => reply.deletedAt !== null);

export function splitThreads(threads: readonly NumberedThread[]): {
  open: NumberedThread[];
  resolved: NumberedThread[];
} {
  const shown = threads.filter((each) => !isGone(each.thread));
  return {
    open: shown.filter((each) => each.thread.resolvedAt === null),
    resolved: shown.filter((each) => each.thread.resolvedAt !== null),
  };
}

/** Threads drawn over the media: open, and pinned somewhere rather than on the whole render. */
export function pinnedThreads(threads: readonly NumberedThread[]): NumberedThread[] {
  return splitThreads(threads).open.filter((each) => each.thread.pin.kind !== "render");
}

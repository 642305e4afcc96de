"use client";

/**
 * The inbox's items, newest first: what happened, who did it, the comment's first words, when. An
 * item about a render opens it in the gallery's viewer on its comment (`/?view=<id>&comment=<id>`)
 * and is marked read; Mark read and Mark all read do so without opening. Loaded on first open.
 */
import Link from "next/link";
import type { InboxItem } from "@/lib/contract";
import { renderItemPath } from "@/lib/domain/item-links";
import { useInbox, useMarkRead } from "@/lib/client/queries/inbox";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";

const SUBJECT: Record<InboxItem["kind"], string> = {
  mention: "mentioned you",
  reply: "replied",
  comment: "commented on your render",
  decision: "decided on your render",
  approval_waiting: "asks for your approval",
  member_cap: "Monthly cap",
  team_budget: "Team budget",
  low_balance: "Low balance",
};

/** Where an item leads: its render in the viewer, on its comment. */
export function inboxHref(item: InboxItem): string | null {
  return item.renderId ? renderItemPath(item.renderId, item.commentId) : null;
}

export default function InboxList({ unread, onOpenItem }: { unread: number; onOpenItem: () => void }) {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2 px-2 pt-1 pb-2">
        <h2 className="font-semibold">Inbox</h2>
        <Button
          size="xs"
          variant="ghost"
          className="ml-auto"
          disabled={unread === 0}
          busy={markRead.isPending && markRead.variables?.all === true}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all read
        </Button>
      </div>
      {inbox.isError && <Notice tone="error">{inbox.error.message}</Notice>}
      {inbox.data && items.length === 0 && (
        <p className="px-2 pb-2 text-zinc-600 dark:text-zinc-400">Nothing here yet.</p>
      )}
      <ul aria-label="Inbox items" className="max-h-[60vh] space-y-1 overflow-y-auto">
        {items.map((item) => {
          const href = inboxHref(item);
          const fresh = item.readAt === null;
          const what = item.actor ? `${item.actor} ${SUBJECT[item.kind]}` : SUBJECT[item.kind];
          return (
            <li
              key={item.id}
              data-unread={fresh || undefined}
              className="flex items-start gap-2 rounded-md px-2 py-2 data-unread:bg-indigo-50 dark:data-unread:bg-indigo-950/40"
            >
              <div className="min-w-0 flex-1">
                <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
                  {fresh && <span className="sr-only">Unread: </span>}
                  {what} · <RelativeTime iso={item.createdAt} />
                </p>
                {href ? (
                  <Link
                    href={href}
                    className="line-clamp-3 text-zinc-900 hover:underline dark:text-zinc-100"
                    onClick={() => {
                      if (fresh) markRead.mutate({ ids: [item.id] });
                      onOpenItem();
                    }}
                  >
                    {item.text}
                  </Link>
                ) : (
                  <p className="text-zinc-900 dark:text-zinc-100">{item.text}</p>
                )}
              </div>
              {fresh && (
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={`Mark read: ${item.text}`}
                  busy={markRead.isPending && markRead.variables?.ids?.includes(item.id)}
                  onClick={() => markRead.mutate({ ids: [item.id] })}
                >
                  Mark read
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {inbox.hasNextPage && (
        <Button
          size="sm"
          variant="ghost"
          busy={inbox.isFetchingNextPage}
          onClick={() => void inbox.fetchNextPage()}
        >
          Show older
        </Button>
      )}
    </div>
  );
}

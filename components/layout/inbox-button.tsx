"use client";

/**
 * The header's Inbox: a button with the count of unread items (mentions, replies in one's threads,
 * comments and decisions on one's renders, spend notices), opening the list. The count comes with
 * the live updates (the stream's `inbox` event marks it stale); the list's code loads on first open.
 */
import { InboxIcon } from "lucide-react";
import { Popover } from "radix-ui";
import { Suspense, lazy, useState } from "react";
import { useInboxUnread } from "@/lib/client/queries/inbox";
import { buttonClasses } from "@/components/ui/button";

const InboxList = lazy(() => import("./inbox-list"));

export default function InboxButton() {
  const unread = useInboxUnread().data ?? 0;
  const [open, setOpen] = useState(false);
  const label = unread > 0 ? `Inbox: ${unread} unread` : "Inbox";
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        title={label}
        className={buttonClasses({ variant: "ghost", size: "sm", className: "relative" })}
      >
        <InboxIcon aria-hidden="true" className="size-4" />
        {unread > 0 && (
          <span
            data-inbox-unread={unread}
            className="rounded-full bg-indigo-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums dark:bg-indigo-500"
          >
            {unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Inbox"
          className="z-50 w-[min(26rem,calc(100vw-1rem))] rounded-lg border border-zinc-200 bg-white p-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <Suspense fallback={<p className="p-2 text-zinc-600 dark:text-zinc-400">Loading…</p>}>
            <InboxList unread={unread} onOpenItem={() => setOpen(false)} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

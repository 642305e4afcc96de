"use client";

/**
 * The header's spend notices: a bell with the count of notices not dismissed, shown only when there
 * are some, opening their list (newest first), each with Dismiss. A new notice arrives through the
 * live stream's `notice` event. Loaded after the page is interactive, with the live updates.
 */
import { BellIcon, XIcon } from "lucide-react";
import { Popover } from "radix-ui";
import { Button, buttonClasses } from "@/components/ui/button";
import { notify } from "@/components/ui/notify";
import { RelativeTime } from "@/components/ui/relative-time";
import type { Notice } from "@/lib/contract";
import { useDismissNotice, useNotices } from "@/lib/client/queries/notices";

/** What a notice is about, above its message. */
const SUBJECT: Record<Notice["kind"], string> = {
  member_cap: "Monthly cap",
  team_budget: "Team budget",
  low_balance: "Low balance",
};

export default function NoticesBell() {
  const notices = useNotices().data ?? [];
  const dismiss = useDismissNotice();
  if (notices.length === 0) return null;
  const label = `Notices: ${notices.length}`;

  const onDismiss = (id: string) =>
    dismiss.mutate(id, {
      onError: (error) => notify.error("Could not dismiss the notice", { description: error.message }),
    });

  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={label}
        title={label}
        className={buttonClasses({ variant: "ghost", size: "sm", className: "relative" })}
      >
        <BellIcon aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
        <span className="rounded-full bg-amber-500 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums dark:bg-amber-600">
          {notices.length}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Spend notices"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-zinc-200 bg-white p-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <h2 className="px-2 pt-1 pb-2 font-semibold">Spend notices</h2>
          <ul className="max-h-[60vh] space-y-1 overflow-y-auto">
            {notices.map((notice) => (
              <li
                key={notice.id}
                className="flex items-start gap-2 rounded-md px-2 py-2 odd:bg-zinc-50 dark:odd:bg-zinc-800/50"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
                    {notice.kind === "member_cap" && notice.member
                      ? `${notice.member.name}'s cap`
                      : SUBJECT[notice.kind]}
                    {" · "}
                    <RelativeTime iso={notice.createdAt} />
                  </p>
                  <p className="text-zinc-900 dark:text-zinc-100">{notice.message}</p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Dismiss: ${notice.message}`}
                  title="Dismiss"
                  busy={dismiss.isPending && dismiss.variables === notice.id}
                  onClick={() => onDismiss(notice.id)}
                >
                  <XIcon aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

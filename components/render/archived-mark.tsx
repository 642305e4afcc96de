"use client";

/**
 * On the card of an archived render (the Archived filter, a board, a run): the mark that says so and
 * Unarchive in reach. The archiving code loads on the press, not with the gallery.
 */
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useAction } from "@/lib/client/queries/action";

export function ArchivedMark({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const unarchive = useAction({
    mutationFn: () =>
      import("./organize-actions").then(({ archiveRenders }) => archiveRenders(queryClient, [id], false)),
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
      <span className="rounded-full bg-zinc-200 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-700/50 dark:text-zinc-300">
        Archived
      </span>
      <Button
        size="sm"
        variant="ghost"
        className="-mr-1 h-7"
        busy={unarchive.isPending}
        busyText="Unarchiving…"
        onClick={() => unarchive.mutate()}
      >
        Unarchive
      </Button>
    </div>
  );
}

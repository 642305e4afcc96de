"use client";

/**
 * The bar over the gallery while renders are ticked: how many, and what to do with them: compare
 * (2–4), download them as one zip (frame-download.ts), put them on a board (or, on a board's page,
 * take them off it), pick, reject, tag or untag them (selection-cull.tsx), archive them (or, in the Archived view, bring them back) in one request, or
 * clear the selection. Loaded with the first tick, not with the page.
 */
import { useRouter, useSearchParams } from "next/navigation";
import { useId, useState } from "react";
import { Columns2Icon, DownloadIcon, LayoutGridIcon, MinusCircleIcon, XIcon } from "lucide-react";
import { AddToBoard } from "@/components/render/add-to-board";
import { removeFromBoard } from "@/components/render/board-actions";
import { Button } from "@/components/ui/button";
import { COMPARE_MAX, COMPARE_MIN, compareHref } from "@/lib/domain/compare";
import { useQueryClient } from "@tanstack/react-query";
import { useAction } from "@/lib/client/queries/action";
import { ArchiveLabel } from "@/components/render/archive-button";
import { filtersFromSearchParams } from "./filters-url";
import { archiveRenders } from "@/components/render/organize-actions";
import { downloadZip } from "@/components/render/frame-download";
import { useReview, useSelectedIds } from "@/components/render/review-context";
import type { SelectionStore } from "@/components/render/selection";
import { SelectionCull } from "./selection-cull";

export default function SelectionBar({ selection }: { selection: SelectionStore }) {
  const ids = useSelectedIds(selection);
  // The gallery shows archived renders (its filter, in the URL): the bar offers Unarchive instead.
  const archivedView = filtersFromSearchParams(useSearchParams()).archived === "true";
  const queryClient = useQueryClient();
  const archive = useAction({
    mutationFn: () => archiveRenders(queryClient, ids, !archivedView),
    onSuccess: (done) => done && selection.clear(),
  });
  const board = useReview()?.board;
  const [picking, setPicking] = useState(false);
  const takeOff = useAction({
    mutationFn: (boardId: string) => removeFromBoard(queryClient, boardId, ids),
    onSuccess: (done) => done && selection.clear(),
  });
  const router = useRouter();
  const hintId = useId();
  const comparable = ids.length >= COMPARE_MIN && ids.length <= COMPARE_MAX;
  if (ids.length === 0) return null;

  return (
    <div
      role="region"
      aria-label="Selection"
      className="fixed inset-x-2 bottom-2 z-30 mx-auto flex max-w-4xl flex-wrap items-center gap-2 rounded-xl border border-zinc-200 bg-white/95 p-2 shadow-lg backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95"
    >
      <p className="px-1.5 text-sm font-medium tabular-nums" aria-live="polite">
        {ids.length} selected
      </p>
      {/* Said in words, not in a tooltip touch and keyboard users never see. */}
      {!comparable && (
        <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
          Compare takes {COMPARE_MIN} to {COMPARE_MAX}
        </p>
      )}
      <span className="ml-auto flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={!comparable}
          aria-describedby={comparable ? undefined : hintId}
          onClick={() => router.push(compareHref(ids))}
        >
          <Columns2Icon /> Compare
        </Button>
        <Button size="sm" variant="primary" onClick={() => downloadZip({ ids: ids.join(",") })}>
          <DownloadIcon /> Download zip
        </Button>
        <Button size="sm" onClick={() => setPicking(true)}>
          <LayoutGridIcon /> Add to board
        </Button>
        {board && (
          <Button
            size="sm"
            busy={takeOff.isPending}
            busyText="Removing…"
            onClick={() => takeOff.mutate(board)}
          >
            <MinusCircleIcon /> Remove from board
          </Button>
        )}
        <SelectionCull ids={ids} />
        <Button
          size="sm"
          busy={archive.isPending}
          busyText={archivedView ? "Unarchiving…" : "Archiving…"}
          onClick={() => archive.mutate()}
        >
          <ArchiveLabel archived={archivedView} />
        </Button>
        <Button size="sm" variant="ghost" onClick={() => selection.clear()}>
          <XIcon /> Clear selection
        </Button>
      </span>
      <AddToBoard renderIds={ids} open={picking} onOpenChange={setPicking} />
    </div>
  );
}

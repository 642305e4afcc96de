"use client";
/**
 * `/boards`: every board of the team with up to four cover thumbnails, how many renders it holds,
 * its description and who made it; "New board", and Edit and Delete for its maker or an admin. The
 * server hands over the list it read; the live stream's board events keep it current.
 */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { LayoutGridIcon } from "lucide-react";
import { Card } from "@/components/ui/surface";
import { Notice } from "@/components/ui/notice";
import { LocalTime } from "@/components/ui/local-time";
import { RenderMedia } from "@/components/render/render-media";
import type { Board } from "@/lib/contract";
import { boardsQueryOptions } from "@/lib/client/queries/boards";
import { BOARD_COVERS } from "@/lib/domain/boards";
import { renderCount } from "@/lib/domain/format";
import { BoardManage, NewBoardButton } from "./board-manage";

export function BoardsList() {
  const boards = useQuery(boardsQueryOptions());
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">Boards</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The team’s collections of renders.</p>
        <span className="ml-auto">
          <NewBoardButton />
        </span>
      </header>
      {boards.isError && (
        <Notice tone="warning">Could not refresh the boards ({boards.error.message}).</Notice>
      )}
      {boards.data?.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
          <LayoutGridIcon className="size-8 text-zinc-400" />
          <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
            No boards yet. Make one here, or choose “Add to board” on a render or a selection in the gallery.
          </p>
        </div>
      ) : (
        <ul
          aria-label="Boards"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {boards.data?.map((board) => (
            <li key={board.id}>
              <BoardCard board={board} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BoardCard({ board }: { board: Board }) {
  const titleId = `board-${board.id}`;
  return (
    <Card as="article" aria-labelledby={titleId} className="flex h-full flex-col">
      <Link href={`/boards/${board.id}`} className="group block" tabIndex={-1} aria-hidden="true">
        <Covers board={board} />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 id={titleId} className="font-medium break-words">
          <Link href={`/boards/${board.id}`} className="hover:underline">
            {board.name}
          </Link>
        </h2>
        <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{renderCount(board.count)}</p>
        {board.description && (
          <p className="line-clamp-3 text-sm break-words text-zinc-700 dark:text-zinc-300">
            {board.description}
          </p>
        )}
        <p className="mt-auto pt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {board.member ? `By ${board.member.name}` : "Made with sign-in off"},{" "}
          <LocalTime iso={board.createdAt} />
        </p>
        <div className="-ml-2">
          <BoardManage board={board} />
        </div>
      </div>
    </Card>
  );
}

/**
 * Where each of 1 to 4 covers sits in the 2 × 2 grid, so the covers a board has fill it: one takes it
 * whole, two split it in halves, three put the first beside the other two, four are quarters.
 */
const COVER_CELLS: Record<number, readonly string[]> = {
  1: ["col-span-2 row-span-2"],
  2: ["row-span-2", "row-span-2"],
  3: ["row-span-2", "", ""],
};

/** The board's covers filling a 4:3 box, or a plain one while it has none. Decorative: the name says which board. */
function Covers({ board }: { board: Board }) {
  const covers = board.covers.slice(0, BOARD_COVERS);
  return (
    <div
      data-covers=""
      className="grid aspect-[4/3] grid-cols-2 grid-rows-2 gap-px bg-zinc-200 dark:bg-zinc-800 [&_img]:object-cover [&_video]:object-cover"
    >
      {covers.length === 0 ? (
        <div className="col-span-2 row-span-2 flex items-center justify-center bg-zinc-100 dark:bg-zinc-950">
          <LayoutGridIcon className="size-8 text-zinc-300 dark:text-zinc-700" />
        </div>
      ) : (
        covers.map((cover, i) => (
          <div
            key={cover.id}
            className={`min-h-0 overflow-hidden bg-zinc-100 dark:bg-zinc-950 ${COVER_CELLS[covers.length]?.[i] ?? ""}`}
          >
            <RenderMedia render={cover} preview className="size-full" />
          </div>
        ))
      )}
    </div>
  );
}

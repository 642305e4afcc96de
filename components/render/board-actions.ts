/**
 * Taking renders off a board, as a board page's card menu and selection bar offer it, with what the
 * person is told. Loaded with those.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { Board } from "@/lib/contract";
import { queryKeys } from "@/lib/client/queries/keys";
import { setBoardRenders } from "@/lib/client/queries/board-changes";
import { notify } from "@/components/ui/notify";
import { noticeWhileSlow } from "@/components/ui/slow-notice";
import { renderCount } from "@/lib/domain/format";

/** Resolves to whether it worked. */
export async function removeFromBoard(
  queryClient: QueryClient,
  boardId: string,
  ids: readonly string[],
): Promise<boolean> {
  const name = queryClient.getQueryData<Board>(queryKeys.boards.detail(boardId))?.name;
  const board = name ? `“${name}”` : "the board";
  const change = setBoardRenders(queryClient, boardId, { ids: [...ids], action: "remove" });
  const id = await noticeWhileSlow(`Removing ${renderCount(ids.length)} from ${board}…`, change);
  try {
    await change;
  } catch (error) {
    notify.error(`Not removed from ${board}`, { id, description: (error as Error).message });
    return false;
  }
  notify.success(`Removed ${renderCount(ids.length)} from ${board}`, {
    id,
    description: "Still in the gallery.",
    action: {
      label: "Undo",
      onClick: () => void setBoardRenders(queryClient, boardId, { ids: [...ids], action: "add" }),
    },
  });
  return true;
}

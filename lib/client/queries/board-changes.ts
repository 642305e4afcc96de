/**
 * Changing the team's boards. Each change is put into this tab's cache as the live stream's `board`
 * event would put it (the boards and that board's lists read again); the stream then brings it to
 * every other open page. Loaded with the pickers, dialogs and bars that change boards.
 */
import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { Board, BoardCreate, BoardRendersRequest, BoardUpdate } from "@/lib/contract";
import { boardPath } from "./boards";
import { applyLocally } from "./organize";

const changed = (queryClient: QueryClient, id: string) => applyLocally(queryClient, [{ type: "board", id }]);

export async function createBoard(queryClient: QueryClient, body: BoardCreate): Promise<Board> {
  const board = await apiFetch("/api/boards", (c) => c.boardSchema, { method: "POST", body });
  await changed(queryClient, board.id);
  return board;
}

export async function updateBoard(queryClient: QueryClient, id: string, body: BoardUpdate): Promise<Board> {
  const board = await apiFetch(boardPath(id), (c) => c.boardSchema, { method: "PATCH", body });
  await changed(queryClient, id);
  return board;
}

export async function deleteBoard(queryClient: QueryClient, id: string): Promise<void> {
  await apiFetch(boardPath(id), (c) => c.boardDeletedSchema, { method: "DELETE" });
  await changed(queryClient, id);
}

/** Adds renders to a board or takes them off it; answers how many joined or left. */
export async function setBoardRenders(
  queryClient: QueryClient,
  id: string,
  body: BoardRendersRequest,
): Promise<number> {
  const result = await apiFetch(`${boardPath(id)}/renders`, (c) => c.boardRendersResultSchema, {
    method: "POST",
    body,
  });
  await changed(queryClient, id);
  return result.changed;
}

import "server-only";
/** The boards pages' data, read from the ledger for a member allowed to see them. */
import { cache } from "react";
import { BOARD_ID_PATTERN, type Board, type RenderList } from "@/lib/contract";
import { RENDER_PAGE_SIZE } from "@/lib/domain/statuses";
import { getDb } from "@/lib/server/db/database";
import { findBoard, listBoards } from "@/lib/server/ledger/boards";
import { listRendersFor } from "@/lib/server/renders/organize";
import { requirePageMember } from "./session";

/** The team's boards for `/boards`; without a session (sign-in on) this redirects to sign-in first. */
export async function listBoardsForPage(): Promise<Board[]> {
  await requirePageMember("/boards");
  return listBoards(await getDb());
}

/**
 * A board and the first page of its renders, as the board page's queries read them; undefined for a
 * board the ledger does not hold. Read once per request for both the metadata and the page.
 */
export const findBoardForPage = cache(
  async (id: string): Promise<{ board: Board; renders: RenderList } | undefined> => {
    const member = await requirePageMember(`/boards/${encodeURIComponent(id)}`);
    if (!BOARD_ID_PATTERN.test(id)) return undefined;
    const board = await findBoard(await getDb(), id);
    if (!board) return undefined;
    return { board, renders: await listRendersFor({ board: id, limit: RENDER_PAGE_SIZE }, member) };
  },
);

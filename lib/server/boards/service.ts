import "server-only";
/**
 * Boards as the routes use them: every member may make boards and add or remove renders; with
 * sign-in on, renaming, describing or deleting a board is for the member who made it or an admin.
 * Deleting one is an entry of the audit log.
 */
import {
  madeBy,
  AppError,
  type Board,
  type BoardCreate,
  type BoardRendersRequest,
  type BoardRendersResult,
  type BoardUpdate,
  type Member,
} from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import * as ledger from "@/lib/server/ledger/boards";
import { requireRenders } from "@/lib/server/ledger/renders";
import { nameTaken, requireMakerOrAdmin } from "@/lib/server/access/makers";
import { assertMayMake } from "@/lib/server/team/limits";

const noBoard = () => new AppError("not_found", "No board with this id.");

/** Every board by name; with `renderId`, each says whether it holds that render. */
export async function listBoards(renderId?: string): Promise<Board[]> {
  return ledger.listBoards(await getDb(), renderId);
}

export async function createBoard(input: BoardCreate, member: Member | null): Promise<Board> {
  await assertMayMake("boards", member);
  const board = await ledger.insertBoard(await getDb(), input, madeBy(member));
  if (board === "name_taken") throw nameTaken("board", input.name);
  return board;
}

export async function getBoard(id: string): Promise<Board> {
  const board = await ledger.findBoard(await getDb(), id);
  if (!board) throw noBoard();
  return board;
}

/** The board, once the caller may change it: 404 when there is none, 403 when it is someone else's. */
async function changeableBoard(id: string, member: Member | null): Promise<Board> {
  const board = await getBoard(id);
  requireMakerOrAdmin("board", board.member, member);
  return board;
}

export async function updateBoard(id: string, update: BoardUpdate, member: Member | null): Promise<Board> {
  await changeableBoard(id, member);
  const updated = await ledger.updateBoard(await getDb(), id, update);
  if (updated === "name_taken") throw nameTaken("board", update.name ?? "");
  if (!updated) throw noBoard();
  return updated;
}

/** Deletes the board; its renders stay in the ledger and at the service. */
export async function deleteBoard(id: string, by: Actor): Promise<void> {
  const board = await changeableBoard(id, by.member);
  const db = await getDb();
  // Deleted by someone else meanwhile: theirs is the entry.
  if (!(await ledger.deleteBoard(db, id))) return;
  await recordAudit(db, { kind: "board.deleted", by, target: { type: "board", id, name: board.name } });
}

/**
 * Adds renders to a board or takes them off it, all or none: an unknown board is 404, and so is a
 * render id the ledger does not hold (named), before anything changes.
 */
export async function setBoardRenders(
  id: string,
  { ids, action }: BoardRendersRequest,
  member: Member | null,
): Promise<BoardRendersResult> {
  const db = await getDb();
  await getBoard(id);
  const wanted = [...new Set(ids)];
  await requireRenders(db, wanted);
  const changed = await ledger.setBoardRenders(db, id, wanted, action, madeBy(member));
  // Deleted meanwhile: the rows just written went with it.
  return { board: await getBoard(id), changed };
}

import "server-only";
/**
 * Boards: named collections of the team's renders (docs/api.md, "Boards"). A render may be on several
 * boards; each membership records who added it and when. Every change is noted in the change log
 * under the board's id, so open pages re-read the boards and the board's renders.
 */
import type { Transaction } from "kysely";
import { BOARD_COVERS, type Board, type BoardCreate, type BoardUpdate, type MadeBy } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import type { BoardRow, Database } from "@/lib/server/db/schema";
import { withChanges } from "./changes";
import { newLedgerId } from "./ids";
import { listPositions } from "./list-positions";
import { nameKey, unlessNameTaken } from "./names";
import { toLedgerRender } from "./renders";
import { approvedCount } from "./review-summary";

/** A description as stored: blank is none. */
const descriptionOf = (text: string | undefined) => (text ? text : null);

/** The boards of these rows with their counts and covers (and, given a render, whether each holds it). */
async function toBoards(db: Db, rows: readonly BoardRow[], render?: string): Promise<Board[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [counts, covers, holding] = await Promise.all([
    db
      .selectFrom("board_renders")
      // Only renders the ledger still holds: a create's placeholder leaves it when the service answers.
      .innerJoin("renders", "renders.id", "board_renders.render_id")
      .select(["board_renders.board_id", (eb) => eb.fn.countAll<number>().as("count"), approvedCount])
      .where("board_renders.board_id", "in", ids)
      .groupBy("board_renders.board_id")
      .execute(),
    coversOf(db, ids),
    render === undefined
      ? Promise.resolve([])
      : db
          .selectFrom("board_renders")
          .select("board_id")
          .where("render_id", "=", render)
          .where("board_id", "in", ids)
          .execute(),
  ]);
  const countOf = new Map(counts.map((c) => [c.board_id, Number(c.count)]));
  const approvedOf = new Map(counts.map((c) => [c.board_id, Number(c.approved)]));
  const held = new Set(holding.map((h) => h.board_id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    member: row.member_id ? { id: row.member_id, name: row.member_name ?? "" } : null,
    count: countOf.get(row.id) ?? 0,
    approved: approvedOf.get(row.id) ?? 0,
    covers: covers.get(row.id) ?? [],
    ...(render !== undefined && { holds: held.has(row.id) }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** Each board's last added renders that have an output, at most BOARD_COVERS of them. */
async function coversOf(db: Db, boardIds: readonly string[]) {
  const ranked = db
    .selectFrom("board_renders")
    .innerJoin("renders", "renders.id", "board_renders.render_id")
    .selectAll("renders")
    .select((eb) => [
      "board_renders.board_id",
      eb.fn
        .agg<number>("row_number")
        .over((over) =>
          over
            .partitionBy("board_renders.board_id")
            .orderBy("board_renders.added_at", "desc")
            .orderBy("renders.id"),
        )
        .as("place"),
    ])
    .where("board_renders.board_id", "in", boardIds)
    .where("renders.output_url", "is not", null);
  const rows = await db
    .selectFrom(ranked.as("ranked"))
    .selectAll()
    .where("place", "<=", BOARD_COVERS)
    .orderBy("place")
    .execute();
  const byBoard = new Map<string, ReturnType<typeof toLedgerRender>[]>();
  for (const { board_id, ...render } of rows) {
    byBoard.set(board_id, [...(byBoard.get(board_id) ?? []), toLedgerRender(render)]);
  }
  return byBoard;
}

/** The team's boards by name; given a render id, each also says whether it holds that render. */
export async function listBoards(db: Db, render?: string): Promise<Board[]> {
  const rows = await db.selectFrom("boards").selectAll().orderBy("name_key").orderBy("id").execute();
  return toBoards(db, rows, render);
}

/** One board as the API shows it. */
async function toBoard(db: Db, row: BoardRow): Promise<Board> {
  const [board] = await toBoards(db, [row]);
  if (!board) throw new Error("toBoards answers one board per row");
  return board;
}

export async function findBoard(db: Db, id: string): Promise<Board | undefined> {
  const row = await findBoardRow(db, id);
  return row && toBoard(db, row);
}

/** The board's row alone: no counts or covers. */
export async function findBoardRow(db: Db, id: string): Promise<BoardRow | undefined> {
  return db.selectFrom("boards").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The board's finished renders that have an output, in the board page's order (newest request
 * first, a batch's variants in order); given `renderId`, only that one, if it is on the board now.
 */
export async function boardOutputs(db: Db, boardId: string, renderId?: string) {
  let query = db
    .selectFrom("renders")
    .innerJoin("board_renders", "board_renders.render_id", "renders.id")
    .selectAll("renders")
    .where("board_renders.board_id", "=", boardId)
    .where("renders.status", "=", "ready")
    .where("renders.output_url", "is not", null);
  if (renderId !== undefined) query = query.where("renders.id", "=", renderId);
  const rows = await query
    .orderBy("renders.request_seq", "desc")
    .orderBy("renders.variant_index", "asc")
    .execute();
  return rows.map(toLedgerRender);
}

export async function insertBoard(db: Db, input: BoardCreate, madeBy: MadeBy): Promise<Board | "name_taken"> {
  const now = new Date().toISOString();
  const row: BoardRow = {
    id: newLedgerId("brd"),
    name: input.name,
    name_key: nameKey(input.name),
    description: descriptionOf(input.description),
    member_id: madeBy?.id ?? null,
    member_name: madeBy?.name ?? null,
    created_at: now,
    updated_at: now,
  };
  return unlessNameTaken(db, "boards", input.name, row.id, async () => {
    await withChanges(db, async (tx, note) => {
      await tx.insertInto("boards").values(row).execute();
      note("board", row.id);
    });
    return toBoard(db, row);
  });
}

/** The board as changed; undefined when there is no such board. */
export async function updateBoard(
  db: Db,
  id: string,
  update: BoardUpdate,
): Promise<Board | undefined | "name_taken"> {
  return unlessNameTaken(db, "boards", update.name ?? "", id, async () => {
    const changed = await withChanges(db, async (tx, note) => {
      const row = await tx
        .updateTable("boards")
        .set({
          ...(update.name !== undefined && { name: update.name, name_key: nameKey(update.name) }),
          ...(update.description !== undefined && { description: descriptionOf(update.description) }),
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      if (row) note("board", id);
      return row;
    });
    return changed && toBoard(db, changed);
  });
}

/** Whether a board was deleted. Its renders stay: only their places on the board go. */
export async function deleteBoard(db: Db, id: string): Promise<boolean> {
  return withChanges(db, async (tx, note) => {
    await tx.deleteFrom("board_renders").where("board_id", "=", id).execute();
    // Its share links would open nothing and only clutter the lists: they go with it.
    await tx.deleteFrom("shares").where("kind", "=", "board").where("target_id", "=", id).execute();
    const result = await tx.deleteFrom("boards").where("id", "=", id).executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) note("board", id);
    return deleted;
  });
}

/**
 * Adds renders to a board (a render already there keeps its first addition) or takes them off it, in
 * one transaction; answers how many joined or left. The caller has checked that the board and every
 * render exist.
 */
export async function setBoardRenders(
  db: Db,
  boardId: string,
  renderIds: readonly string[],
  action: "add" | "remove",
  addedBy: MadeBy,
): Promise<number> {
  return withChanges(db, async (tx, note) => {
    const changed =
      action === "add"
        ? await addRenders(tx, boardId, renderIds, addedBy)
        : Number(
            (
              await tx
                .deleteFrom("board_renders")
                .where("board_id", "=", boardId)
                .where("render_id", "in", renderIds)
                .executeTakeFirst()
            ).numDeletedRows,
          );
    if (changed > 0) {
      await tx
        .updateTable("boards")
        .set({ updated_at: new Date().toISOString() })
        .where("id", "=", boardId)
        .execute();
      note("board", boardId);
    }
    return changed;
  });
}

async function addRenders(
  tx: Transaction<Database>,
  boardId: string,
  renderIds: readonly string[],
  addedBy: MadeBy,
): Promise<number> {
  const now = new Date().toISOString();
  const positionOf = await listPositions(tx, renderIds);
  const result = await tx
    .insertInto("board_renders")
    .values(
      renderIds.map((renderId) => ({
        board_id: boardId,
        render_id: renderId,
        added_by_id: addedBy?.id ?? null,
        added_by_name: addedBy?.name ?? null,
        added_at: now,
        ...positionOf(renderId),
      })),
    )
    .onConflict((c) => c.columns(["board_id", "render_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

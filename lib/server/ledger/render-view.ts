import "server-only";
/**
 * One render as its caller sees it, read in one statement: its row, whether its maker is
 * deactivated, its tags, its family's links both ways, and the caller's own favourite and marks.
 * A list reads the same parts a page of renders at a time (listRenders, withFamily); a single
 * render, read on every open and every refresh of its page, reads them here at the cost of one
 * query instead of seven (docs/architecture.md, "Reading one render").
 */
import { sql, type CompiledQuery, type InferResult } from "kysely";
import { deactivatedName, type LedgerRender } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import { jsonArrayAgg, readJsonArray } from "@/lib/server/db/dialect";
import { LEDGER_RENDER_COLUMNS, toLedgerRender } from "./renders";

export interface RenderView {
  render: LedgerRender;
  /** Whether the scheduler still polls it (unfinished): opening it then also watches it. */
  polled: boolean;
}

function viewQuery(db: Db, id: string, owner: string) {
  return db
    .selectFrom("renders")
    .leftJoin("render_marks as my_marks", (join) =>
      join.onRef("my_marks.render_id", "=", "renders.id").on("my_marks.owner", "=", owner),
    )
    .select(LEDGER_RENDER_COLUMNS.map((column) => `renders.${column}` as const))
    .select((eb) => [
      "renders.next_poll_at",
      "my_marks.rating as caller_rating",
      "my_marks.flag as caller_flag",
      eb
        .exists(
          eb
            .selectFrom("favourites")
            .select(sql.lit(1).as("one"))
            .whereRef("favourites.render_id", "=", "renders.id")
            .where("favourites.owner", "=", owner),
        )
        .as("caller_favourite"),
      eb
        .exists(
          eb
            .selectFrom("members")
            .select(sql.lit(1).as("one"))
            .whereRef("members.id", "=", "renders.member_id")
            .where("members.deactivated_at", "is not", null),
        )
        .as("maker_deactivated"),
      eb
        .selectFrom("render_tags")
        .select(jsonArrayAgg(db, sql.ref("render_tags.tag"), [sql.ref("render_tags.tag")]).as("list"))
        .whereRef("render_tags.render_id", "=", "renders.id")
        .as("tag_list"),
      // As familyLinks: parents by the request's links, children by the requests that name it, both
      // oldest first.
      eb
        .selectFrom("render_parents")
        .innerJoin("renders as parent", "parent.id", "render_parents.parent_id")
        .select(
          jsonArrayAgg(db, sql.ref("render_parents.parent_id"), [
            sql.ref("parent.request_seq"),
            sql.ref("parent.variant_index"),
          ]).as("list"),
        )
        .whereRef("render_parents.request_id", "=", "renders.request_id")
        .as("parent_list"),
      eb
        .selectFrom("render_parents")
        .innerJoin("renders as child", "child.request_id", "render_parents.request_id")
        .select(
          jsonArrayAgg(db, sql.ref("child.id"), [
            sql.ref("child.request_seq"),
            sql.ref("child.variant_index"),
          ]).as("list"),
        )
        .whereRef("render_parents.parent_id", "=", "renders.id")
        .as("child_list"),
    ])
    .where("renders.id", "=", id);
}

type ViewRow = InferResult<ReturnType<typeof viewQuery>>[number];

/**
 * Stand-ins the statement is compiled with, once per database handle: building and compiling it
 * through Kysely cost several times what running it does. Each read binds its own values in their
 * place.
 */
const ID = "\u0000id";
const OWNER = "\u0000owner";
const compiledViews = new WeakMap<Db, CompiledQuery<ViewRow>>();

function compiledView(db: Db): CompiledQuery<ViewRow> {
  let compiled = compiledViews.get(db);
  if (!compiled) {
    compiled = viewQuery(db, ID, OWNER).compile();
    compiledViews.set(db, compiled);
  }
  return compiled;
}

export async function renderView(db: Db, id: string, owner: string): Promise<RenderView | undefined> {
  const compiled = compiledView(db);
  const parameters = compiled.parameters.map((value) =>
    value === ID ? id : value === OWNER ? owner : value,
  );
  const { rows } = await db.executeQuery<ViewRow>({ ...compiled, parameters });
  const [row] = rows;
  if (!row) return undefined;
  const render = toLedgerRender(row);
  const { member } = render;
  return {
    polled: row.next_poll_at !== null,
    render: {
      ...render,
      member: member && row.maker_deactivated ? { ...member, name: deactivatedName(member.name) } : member,
      tags: readJsonArray<string>(row.tag_list),
      parentIds: readJsonArray<string>(row.parent_list),
      childIds: readJsonArray<string>(row.child_list),
      favourite: Boolean(row.caller_favourite),
      rating: row.caller_rating,
      flag: row.caller_flag,
    },
  };
}

/**
 * A million renders (docs/architecture.md, "Finding renders" and "Usage and spend").
 *
 * List positions: each set a list can be filtered to (a member's favourites and marks, a board, a
 * tag) carries its renders' place in the list's order (`request_seq`, `variant_index`; a render's
 * never changes), indexed within the set, so a filtered page walks the set in order instead of the
 * whole list. Filled here from the renders; the ledger's writers set it on every new row.
 *
 * Usage days: the usage page's sums per UTC day, model and member (`usage_days`) and per board, day
 * and member (`board_usage_days`), kept by triggers in the transaction of every write to `renders` or
 * `board_renders`, so no writer can leave them behind; filled here from the rows already there.
 * Triggers are the one part written per dialect (SQLite's bodies, PostgreSQL's plpgsql functions),
 * from the same statements.
 */
import { sql, type Kysely } from "kysely";
import { dialectOf } from "@/lib/server/db/dialect";
import { addColumns, createIndexes, createTables } from "./tables";

/** The membership tables, each with the column that names its set. */
const SETS = { favourites: "owner", render_marks: "owner", board_renders: "board_id", render_tags: "tag" };

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, set] of Object.entries(SETS)) {
    await addColumns(
      db,
      table,
      "request_seq integer not null default 0\nvariant_index integer not null default 0",
    );
    await sql`update ${sql.table(table)} set
      request_seq = coalesce((select r.request_seq from renders r where r.id = ${sql.ref(`${table}.render_id`)}), 0),
      variant_index = coalesce((select r.variant_index from renders r where r.id = ${sql.ref(`${table}.render_id`)}), 0)`.execute(
      db,
    );
    await createIndexes(db, { [`${table}_order`]: `${table} (${set}, request_seq desc, variant_index)` });
  }
  // The marks' filters walk the owner's marks in order now; SQLite, never analysed, preferred these
  // (an owner and a rating range) and sorted every match of a rating filter, a page at a time.
  await db.schema.dropIndex("render_marks_rating").execute();
  await db.schema.dropIndex("render_marks_flag").execute();
  await createTables(db, {
    usage_days: `
      day text not null
      model text not null
      member_key text not null
      name_key text not null
      charged integer not null
      refunded integer not null
      renders integer not null
      failures integer not null
      failure_refunds integer not null`,
    board_usage_days: `
      board_id text not null
      day text not null
      member_key text not null
      charged integer not null
      refunded integer not null
      renders integer not null`,
  });
  await sql`create unique index usage_days_key on usage_days (day, model, member_key, name_key)`.execute(db);
  await sql`create unique index board_usage_days_key on board_usage_days (board_id, day, member_key)`.execute(
    db,
  );
  await fillUsageDays(db);
  if (dialectOf(db) === "postgres") {
    await createPostgresTriggers(db);
    await steadyPromptSearchEstimates(db);
  } else await createSqliteTriggers(db);
}

/**
 * The prompt search's plan on PostgreSQL hangs on how many prompts ANALYZE thinks a term matches: from
 * the default sample (a histogram of 100 prompts), a word in 1 % of a million prompts was estimated
 * at 8,278 in one run (walk the requests newest first, stop after a page: 8 ms) and at 82 in another
 * (fetch and sort all 8,000 matches: 228 ms). A histogram of 1,000 holds about ten such prompts.
 */
async function steadyPromptSearchEstimates(db: Kysely<unknown>): Promise<void> {
  await sql`alter index render_requests_prompt_search alter column 1 set statistics 1000`.execute(db);
}

/** What a render adds to its day's figures; `row` is `new` or `old`, `sign` 1 or -1. */
const usageOf = (row: string, sign: number) => `
  insert into usage_days (day, model, member_key, name_key, charged, refunded, renders, failures, failure_refunds)
  values (substr(${row}.created_at, 1, 10), ${row}.model, coalesce(${row}.member_id, ''), coalesce(${row}.member_name, ''),
    ${sign} * ${row}.credits_charged, ${sign} * ${row}.credits_refunded, ${sign},
    case when ${row}.status = 'failed' then ${sign} else 0 end,
    case when ${row}.status = 'failed' then ${sign} * ${row}.credits_refunded else 0 end)
  on conflict (day, model, member_key, name_key) do update set
    charged = usage_days.charged + excluded.charged, refunded = usage_days.refunded + excluded.refunded,
    renders = usage_days.renders + excluded.renders, failures = usage_days.failures + excluded.failures,
    failure_refunds = usage_days.failure_refunds + excluded.failure_refunds;`;

/** What a render adds to the board of each place: `place` and `render` name the rows (`new`, `old`, or a table's). */
const boardUsageOf = (place: string, render: string, from: string, sign: number) => `
  insert into board_usage_days (board_id, day, member_key, charged, refunded, renders)
  select ${place}.board_id, substr(${render}.created_at, 1, 10), coalesce(${render}.member_id, ''), ${sign} * ${render}.credits_charged,
    ${sign} * ${render}.credits_refunded, ${sign}
  from ${from} where ${place}.render_id = ${render}.id
  on conflict (board_id, day, member_key) do update set
    charged = board_usage_days.charged + excluded.charged, refunded = board_usage_days.refunded + excluded.refunded,
    renders = board_usage_days.renders + excluded.renders;`;

/** A render counted on every board holding it (`row`: the render's `new` or `old`). */
const renderOnBoards = (row: string, sign: number) => boardUsageOf("b", row, "board_renders b", sign);
/** A board's place counted with its render's figures (`row`: the place's `new` or `old`). */
const placeOnBoard = (row: string, sign: number) => boardUsageOf(row, "r", "renders r", sign);

/** The columns whose change moves the figures. */
const FIGURES = [
  "created_at",
  "model",
  "member_id",
  "member_name",
  "credits_charged",
  "credits_refunded",
  "status",
];

async function fillUsageDays(db: Kysely<unknown>): Promise<void> {
  await sql`insert into usage_days (day, model, member_key, name_key, charged, refunded, renders, failures, failure_refunds)
    select substr(created_at, 1, 10), model, coalesce(member_id, ''), coalesce(member_name, ''),
      sum(credits_charged), sum(credits_refunded), count(*),
      sum(case when status = 'failed' then 1 else 0 end),
      sum(case when status = 'failed' then credits_refunded else 0 end)
    from renders group by substr(created_at, 1, 10), model, coalesce(member_id, ''), coalesce(member_name, '')`.execute(
    db,
  );
  await sql`insert into board_usage_days (board_id, day, member_key, charged, refunded, renders)
    select b.board_id, substr(r.created_at, 1, 10), coalesce(r.member_id, ''),
      sum(r.credits_charged), sum(r.credits_refunded), count(*)
    from board_renders b join renders r on r.id = b.render_id
    group by b.board_id, substr(r.created_at, 1, 10), coalesce(r.member_id, '')`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const changed = FIGURES.map((c) => `old.${c} is not new.${c}`).join(" or ");
  for (const statement of [
    `create trigger renders_usage_insert after insert on renders begin
      ${usageOf("new", 1)} ${renderOnBoards("new", 1)} end`,
    `create trigger renders_usage_delete after delete on renders begin
      ${usageOf("old", -1)} ${renderOnBoards("old", -1)} end`,
    `create trigger renders_usage_update after update of ${FIGURES.join(", ")} on renders when ${changed} begin
      ${usageOf("old", -1)} ${renderOnBoards("old", -1)} ${usageOf("new", 1)} ${renderOnBoards("new", 1)} end`,
    `create trigger board_renders_usage_insert after insert on board_renders begin ${placeOnBoard("new", 1)} end`,
    `create trigger board_renders_usage_delete after delete on board_renders begin ${placeOnBoard("old", -1)} end`,
  ])
    await sql.raw(statement).execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const changed = FIGURES.map((c) => `old.${c} is distinct from new.${c}`).join(" or ");
  for (const statement of [
    `create function renders_usage() returns trigger language plpgsql as $$ begin
      if tg_op <> 'INSERT' then ${usageOf("old", -1)} ${renderOnBoards("old", -1)} end if;
      if tg_op <> 'DELETE' then ${usageOf("new", 1)} ${renderOnBoards("new", 1)} end if;
      return null; end $$`,
    `create trigger renders_usage after insert or delete on renders for each row execute function renders_usage()`,
    `create trigger renders_usage_update after update of ${FIGURES.join(", ")} on renders
      for each row when (${changed}) execute function renders_usage()`,
    `create function board_renders_usage() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then ${placeOnBoard("new", 1)} else ${placeOnBoard("old", -1)} end if;
      return null; end $$`,
    `create trigger board_renders_usage after insert or delete on board_renders
      for each row execute function board_renders_usage()`,
  ])
    await sql.raw(statement).execute(db);
}

/**
 * Schema migrations, one set for both databases, written with Kysely's schema builder so each
 * dialect writes its own SQL; where the two differ (column types, the prompt search's index) the
 * migration says so per dialect.
 */
import { sql, type ColumnDataType, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { learnRate, pricedRequest, type LearnedRate, type PriceKey } from "@/lib/domain/rates";
import { renderRequestSchema } from "@/lib/domain/render-request";
import type { Database } from "./schema";
import { dialectOf } from "./dialect";

const MODIFIERS = /^(primary key|autoincrement|not null|unique|default -?\d+)(\s+|$)/;

/**
 * Each column type on PostgreSQL: SQLite's `integer` holds 64 bits (millisecond times among them) and
 * its `real` is a double, so PostgreSQL gets `bigint` and `double precision`.
 */
const POSTGRES_TYPES: Record<string, ColumnDataType> = {
  text: "text",
  integer: "bigint",
  real: "double precision",
};

/**
 * Creates tables, in order, each from one line per column: `name type [primary key] [autoincrement] [not null]
 * [unique] [default <number>]`, built with Kysely's schema builder (so each dialect writes its own
 * SQL). Anything else on a line is an error, never silently dropped. An autoincrement column is an
 * identity column on PostgreSQL.
 */
async function createTables(db: Kysely<unknown>, tables: Record<string, string>): Promise<void> {
  for (const [table, columns] of Object.entries(tables)) await createTable(db, table, columns);
}

async function createTable(db: Kysely<unknown>, table: string, columns: string): Promise<void> {
  let builder = db.schema.createTable(table);
  for (const column of readColumns(db, table, columns)) builder = builder.addColumn(...column);
  await builder.execute();
}

/** Adds columns to a table, each written as in `createTables`. */
async function addColumns(db: Kysely<unknown>, table: string, columns: string): Promise<void> {
  for (const column of readColumns(db, table, columns))
    await db.schema
      .alterTable(table)
      .addColumn(...column)
      .execute();
}

type ColumnBuild = Parameters<ReturnType<Kysely<unknown>["schema"]["createTable"]>["addColumn"]>;

function readColumns(db: Kysely<unknown>, table: string, columns: string): ColumnBuild[] {
  const postgres = dialectOf(db) === "postgres";
  return columns
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const [, name = "", type = "", rest = ""] = /^(\w+)\s+(text|integer|real)\s*(.*)$/.exec(line) ?? [];
      if (!name) throw new Error(`Migration of ${table}: cannot read column "${line}"`);
      const modifiers: string[] = [];
      for (let left = rest; left !== "";) {
        const match = MODIFIERS.exec(left);
        if (!match?.[1]) throw new Error(`Migration of ${table}: unknown "${left}" in column "${line}"`);
        modifiers.push(match[1]);
        left = left.slice(match[0].length);
      }
      const dataType = postgres ? (POSTGRES_TYPES[type] ?? "text") : (type as ColumnDataType);
      return [
        name,
        dataType,
        (column) =>
          modifiers.reduce((c, modifier) => {
            if (modifier === "primary key") return c.primaryKey();
            if (modifier === "autoincrement")
              return postgres ? c.generatedByDefaultAsIdentity() : c.autoIncrement();
            if (modifier === "not null") return c.notNull();
            if (modifier === "unique") return c.unique();
            return c.defaultTo(Number(modifier.slice("default ".length)));
          }, column),
      ] satisfies ColumnBuild;
    });
}

/** Creates indexes, each written `table (column, column desc)`. */
async function createIndexes(db: Kysely<unknown>, indexes: Record<string, string>): Promise<void> {
  for (const [name, definition] of Object.entries(indexes)) {
    const [, table = "", columns = ""] = /^(\w+) \((.+)\)$/.exec(definition) ?? [];
    if (!table) throw new Error(`Migration: cannot read index ${name} "${definition}"`);
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(columns.split(",").map((column) => column.trim()))
      .execute();
  }
}

async function createSqlitePromptIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table render_requests_fts using fts5(
    prompt, content='render_requests', content_rowid='seq',
    tokenize='trigram remove_diacritics 1')`.execute(db);
  await sql`insert into render_requests_fts(render_requests_fts) values ('rebuild')`.execute(db);
  await sql`create trigger render_requests_fts_insert after insert on render_requests begin
    insert into render_requests_fts(rowid, prompt) values (new.seq, new.prompt);
  end`.execute(db);
  await sql`create trigger render_requests_fts_delete after delete on render_requests begin
    insert into render_requests_fts(render_requests_fts, rowid, prompt) values ('delete', old.seq, old.prompt);
  end`.execute(db);
  await sql`create trigger render_requests_fts_update after update of prompt on render_requests begin
    insert into render_requests_fts(render_requests_fts, rowid, prompt) values ('delete', old.seq, old.prompt);
    insert into render_requests_fts(rowid, prompt) values (new.seq, new.prompt);
  end`.execute(db);
}

/**
 * `prompt_search_text(prompt)`: the text lower-cased and without accents, which the index holds and
 * the search compares. Both extensions ship with PostgreSQL (contrib) and are trusted, so the
 * database's owner may create them. A standard SQL body (PostgreSQL 14 and later) binds unaccent and
 * its dictionary when the function is made, so the index reads the same under any search_path.
 */
async function createPostgresPromptIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create function prompt_search_text(prompt text) returns text
    language sql immutable strict parallel safe
    return lower(unaccent('unaccent'::regdictionary, prompt))`.execute(db);
  await sql`create index render_requests_prompt_search on render_requests
    using gin (prompt_search_text(prompt) gin_trgm_ops)`.execute(db);
}

const migrations: Record<string, Migration> = {
  "001_ledger": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        poll_log: `
          polled_at  integer  not null
        `,
        timing_stats: `
          key         text     primary key
          samples     integer  not null
          ratio_mean  real     not null
          ratio_dev   real     not null
          updated_at  text     not null
        `,
        uploads: `
          id            text     primary key
          url           text     not null unique
          kind          text     not null
          content_type  text     not null
          bytes         integer  not null
          filename      text     not null
          created_at    text     not null
        `,
        render_requests: `
          seq              integer  primary key autoincrement
          id               text     not null unique
          idempotency_key  text     unique
          body_hash        text     not null
          kind             text     not null
          model            text     not null
          resolution       text
          prompt           text     not null
          params           text     not null
          state            text     not null
          response         text
          error            text
          batch_id         text
          credits_charged  integer  not null default 0
          created_at       text     not null
          updated_at       text     not null
        `,
        renders: `
          id                   text     primary key
          request_id           text     not null
          request_seq          integer  not null
          variant_index        integer  not null
          batch_id             text
          kind                 text     not null
          model                text     not null
          status               text     not null
          render_model         text
          prompt               text     not null
          params               text     not null
          output_url           text
          error_message        text
          credits_charged      integer  not null default 0
          credits_refunded     integer  not null default 0
          chain_ready          integer
          chain_total          integer
          upstream_created_at  text
          upstream_updated_at  text
          created_at           text     not null
          updated_at           text     not null
          completed_at         text
          timing_key           text     not null
          expected_seconds     real     not null
          next_poll_at         integer
          poll_count           integer  not null default 0
          unchanged_polls      integer  not null default 0
          error_polls          integer  not null default 0
          not_found_polls      integer  not null default 0
          watched_until        integer
        `,
      });
      await createIndexes(db, {
        uploads_kind_created: "uploads (kind, created_at)",
        render_requests_state: "render_requests (state)",
        renders_order: "renders (request_seq desc, variant_index)",
        renders_due: "renders (next_poll_at)",
        renders_batch: "renders (batch_id)",
        renders_status: "renders (status, request_seq)",
        renders_model: "renders (model, request_seq)",
        poll_log_time: "poll_log (polled_at)",
      });
    },
  },
  "002_team_access": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        members: `
          id                   text     primary key
          email                text     not null unique
          name                 text     not null
          role                 text     not null
          password_hash        text     not null
          session_version      integer  not null default 1
          monthly_cap_credits  integer
          created_at           text     not null
        `,
        team_settings: `
          key    text  primary key
          value  text  not null
        `,
      });
      for (const table of ["render_requests", "renders", "uploads"]) {
        await db.schema.alterTable(table).addColumn("member_id", "text").execute();
        await db.schema.alterTable(table).addColumn("member_name", "text").execute();
      }
      await createIndexes(db, { renders_member: "renders (member_id, request_seq)" });
    },
  },
  "003_change_log": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        changes: `
          seq      integer  primary key autoincrement
          topic    text     not null
          subject  text     not null
          at       integer  not null
        `,
      });
      await createIndexes(db, {
        changes_at: "changes (at)",
        renders_updated: "renders (updated_at)",
      });
    },
  },
  "004_favourites_archive": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("renders").addColumn("archived_at", "text").execute();
      // One row per (owner, render); the pair is the key, so a second star is a no-op, not a twin.
      await db.schema
        .createTable("favourites")
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("render_id", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("favourites_key", ["owner", "render_id"])
        .execute();
      await createIndexes(db, { renders_archived: "renders (archived_at, request_seq)" });
    },
  },
  /**
   * The prompt search's index (docs/architecture.md, "Finding renders"), over
   * `render_requests.prompt` (a batch's variants share their request's prompt, and its `seq` is
   * stable), with its query in lib/server/ledger/prompt-search.ts. SQLite: an FTS5 trigram table
   * filled from the rows already there and kept in step by triggers. PostgreSQL: a pg_trgm GIN index
   * on the prompt lower-cased and without accents, which the index keeps in step itself.
   */
  "005_prompt_search": {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === "postgres") await createPostgresPromptIndex(db);
      else await createSqlitePromptIndex(db);
      // The date filter's range, and the oldest-first order (the newest-first index runs the other way).
      await createIndexes(db, {
        renders_created: "renders (created_at)",
        renders_order_oldest: "renders (request_seq, variant_index)",
      });
    },
  },
  "006_presets": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        // name_key: the name trimmed and lower-cased, so names are unique in the team in any case.
        presets: `
          id           text  primary key
          name         text  not null
          name_key     text  not null unique
          kind         text  not null
          model        text  not null
          settings     text  not null
          prompt       text
          member_id    text
          member_name  text
          created_at   text  not null
          updated_at   text  not null
        `,
      });
      // Prompt history reads a member's requests newest first.
      await createIndexes(db, { render_requests_member: "render_requests (member_id, seq)" });
    },
  },
  "007_boards": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        // name_key as for presets: names are unique in the team in any case.
        boards: `
          id           text  primary key
          name         text  not null
          name_key     text  not null unique
          description  text
          member_id    text
          member_name  text
          created_at   text  not null
          updated_at   text  not null
        `,
      });
      // One row per (board, render), so adding a render twice keeps its first addition.
      await db.schema
        .createTable("board_renders")
        .addColumn("board_id", "text", (c) => c.notNull())
        .addColumn("render_id", "text", (c) => c.notNull())
        .addColumn("added_by_id", "text")
        .addColumn("added_by_name", "text")
        .addColumn("added_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("board_renders_key", ["board_id", "render_id"])
        .execute();
      // Which boards hold a render (the "Add to board" picker); a board's renders, last added first.
      await createIndexes(db, {
        board_renders_render: "board_renders (render_id)",
        board_renders_added: "board_renders (board_id, added_at)",
      });
    },
  },
  "008_shares": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        // token_hash: SHA-256 of the link's token (hex); the token itself is never stored.
        // kind: what target_id names (render now; board when boards can be shared).
        shares: `
          id              text  primary key
          token_hash      text  not null unique
          token_prefix    text  not null
          kind            text  not null
          target_id       text  not null
          show_prompt     integer  not null
          member_id       text
          member_name     text
          created_at      text  not null
          expires_at      text
          last_opened_at  text
        `,
      });
      // A render page lists its links; the shares page lists a member's own.
      await createIndexes(db, {
        shares_target: "shares (kind, target_id)",
        shares_member: "shares (member_id)",
      });
    },
  },
  "009_api_tokens": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        // token_hash: SHA-256 of the token (hex); the token itself is never stored. A revoked token
        // keeps its row (revoked_at), so a request with it is told it was revoked.
        api_tokens: `
          id            text  primary key
          token_hash    text  not null unique
          token_prefix  text  not null
          name          text  not null
          scope         text  not null
          member_id     text  not null
          created_at    text  not null
          expires_at    text
          last_used_at  text
          revoked_at    text
        `,
      });
      // A member's tokens on their page.
      await createIndexes(db, { api_tokens_member: "api_tokens (member_id)" });
    },
  },
  "010_batch_runs": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        // state: running | done | cancelled (docs/architecture.md, "Batch runs").
        runs: `
          id           text     primary key
          name         text     not null
          state        text     not null
          row_count    integer  not null
          stop_reason  text
          member_id    text
          member_name  text
          created_at   text     not null
          updated_at   text     not null
          finished_at  text
        `,
      });
      // One row per (run, index). state: queued | sending | created | failed | cancelled | unknown;
      // attempt: how many times the service answered 429 to it, which names its next create's key.
      await db.schema
        .createTable("run_rows")
        .addColumn("run_id", "text", (c) => c.notNull())
        .addColumn("row_index", "integer", (c) => c.notNull())
        .addColumn("params", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("attempt", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("request_id", "text")
        .addColumn("error", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("run_rows_key", ["run_id", "row_index"])
        .execute();
      // The runner's next rows; the gallery's `run` filter (a render's request to its run).
      await createIndexes(db, {
        run_rows_state: "run_rows (state, run_id, row_index)",
        run_rows_request: "run_rows (request_id)",
        runs_state: "runs (state, created_at)",
      });
    },
  },
  "011_estimates": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        // One row per price key (lib/domain/rates.ts): the charge standing for its rate, and how many
        // charges were seen. Updated with each charge, so estimates and the rate card read one row.
        learned_rates: `
          key         text     primary key
          kind        text     not null
          model       text     not null
          resolution  text
          setting     text
          credits     integer  not null
          units       integer  not null
          renders     integer  not null
          updated_at  text     not null
        `,
        // An admin's rate for a price key, in credits per unit; it wins over the env card and learning.
        rate_overrides: `
          key               text  primary key
          credits_per_unit  real  not null
          member_id         text
          member_name       text
          updated_at        text  not null
        `,
      });
      // The estimate made at create, beside the charge: on the request, and on its first render as
      // that render carries the request's charge.
      for (const table of ["render_requests", "renders"]) {
        await db.schema.alterTable(table).addColumn("estimate_credits", "integer").execute();
        await db.schema.alterTable(table).addColumn("estimate_source", "text").execute();
      }
      await learnFromEarlierCharges(db as Kysely<Database>);
    },
  },
  "012_notices": {
    async up(db: Kysely<unknown>) {
      await createTables(db, {
        notices: `
          id               text     primary key
          crossing_key     text     not null unique
          kind             text     not null
          threshold        integer  not null
          member_id        text
          member_name      text
          spent_credits    integer
          limit_credits    integer
          balance_credits  integer
          message          text     not null
          created_at       text     not null
          rearmed_at       text
        `,
        alert_outbox: `
          notice_id        text     primary key
          body             text     not null
          attempts         integer  not null default 0
          next_attempt_at  integer  not null
          queued_at        integer  not null
          delivered_at     integer
          gave_up_at       integer
          last_error       text
        `,
      });
      await db.schema
        .createTable("notice_dismissals")
        .addColumn("notice_id", "text", (c) => c.notNull())
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("dismissed_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("notice_dismissals_key", ["notice_id", "owner"])
        .execute();
      await createIndexes(db, {
        notices_created: "notices (created_at)",
        notices_kind: "notices (kind, created_at)",
        alert_outbox_due: "alert_outbox (delivered_at, gave_up_at, next_attempt_at)",
      });
    },
  },
  "013_approvals": {
    async up(db: Kysely<unknown>) {
      // One row per create request held for approval, kept once decided. decision: null while
      // waiting, approved | declined. The queue reads render_requests by state (its index from 001).
      await createTables(db, {
        approvals: `
          request_id        text     primary key
          estimate_credits  integer
          estimate_basis    text
          decision          text
          note              text
          decided_by_id     text
          decided_by_name   text
          decided_at        text
          created_at        text     not null
        `,
      });
    },
  },
  "014_replicas": {
    async up(db: Kysely<unknown>) {
      // owner: the id of the process sending a create (lib/server/cluster), so crash recovery marks
      // only a dead process's creates. Earlier rows have none, and count as a dead process's.
      await addColumns(db, "render_requests", "owner  text");
      // A poll's render and when its answer came, so a new leader counts the old one's polls in
      // the budget from when the service saw them; a poll without an answer counts until it
      // would have timed out.
      await addColumns(
        db,
        "poll_log",
        `
          render_id    text
          answered_at  integer
        `,
      );
    },
  },
  "015_sign_in_failures": {
    async up(db: Kysely<unknown>) {
      // One row per failed sign-in or wrong API token, per count it falls in (an email, an address),
      // at its time in milliseconds: every dashboard process on the ledger reads the same counts.
      // A sign-in is counted before its password is checked; `attempt` names its rows, so a sign-in
      // that succeeds (or is refused unchecked) takes back exactly its own.
      await createTables(db, {
        sign_in_failures: `
          key        text     not null
          failed_at  integer  not null
          attempt    text     not null
        `,
      });
      await createIndexes(db, {
        sign_in_failures_key: "sign_in_failures (key, failed_at)",
        sign_in_failures_time: "sign_in_failures (failed_at)",
      });
    },
  },
};

/** Earlier charges teach the learned rates, oldest first, as they would have one by one. */
async function learnFromEarlierCharges(db: Kysely<Database>): Promise<void> {
  const charged = await db
    .selectFrom("render_requests")
    .select(["params", "credits_charged", "updated_at"])
    .where("state", "=", "created")
    .orderBy("seq")
    .execute();
  const rates = new Map<string, { key: PriceKey; rate: LearnedRate; updatedAt: string }>();
  for (const row of charged) {
    const request = renderRequestSchema.safeParse(JSON.parse(row.params));
    if (!request.success) continue;
    const { id, key, units } = pricedRequest(request.data);
    const charge = { credits: row.credits_charged, units };
    rates.set(id, { key, rate: learnRate(rates.get(id)?.rate ?? null, charge), updatedAt: row.updated_at });
  }
  for (const [id, { key, rate, updatedAt }] of rates)
    await db
      .insertInto("learned_rates")
      .values({ key: id, ...key, ...rate, updated_at: updatedAt })
      .execute();
}

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

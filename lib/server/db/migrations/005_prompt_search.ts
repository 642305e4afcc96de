/**
 * The prompt search's index (docs/architecture.md, "Finding renders"), over
 * `render_requests.prompt` (a batch's variants share their request's prompt, and its `seq` is
 * stable), with its query in lib/server/ledger/prompt-search.ts. SQLite: an FTS5 trigram table
 * filled from the rows already there and kept in step by triggers. PostgreSQL: a pg_trgm GIN index
 * on the prompt lower-cased and without accents, which the index keeps in step itself.
 */
import { sql, type Kysely } from "kysely";
import { dialectOf } from "@/lib/server/db/dialect";
import { createIndexes } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") await createPostgresPromptIndex(db);
  else await createSqlitePromptIndex(db);
  // The date filter's range, and the oldest-first order (the newest-first index runs the other way).
  await createIndexes(db, {
    renders_created: "renders (created_at)",
    renders_order_oldest: "renders (request_seq, variant_index)",
  });
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

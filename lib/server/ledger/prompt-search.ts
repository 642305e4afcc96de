/**
 * The prompt search's condition on `renders`: the dialect-specific half of the search (with the
 * index itself, migration `005_prompt_search`). SQLite's FTS5 trigram index over
 * `render_requests.prompt` finds every term of three characters or more anywhere in a prompt (so a
 * word's beginning finds it, and a CJK word inside a longer run of text too), any case, accents
 * ignored; terms of one or two characters, which a trigram index cannot look up, are matched with
 * LIKE on the rows the other terms leave. PostgreSQL's pg_trgm index over the prompt lower-cased and
 * without accents finds the same terms the same way, and takes the short ones too (by a scan). The
 * terms come from lib/domain/prompt-search.ts either way.
 */
import { sql, type QueryExecutorProvider, type RawBuilder } from "kysely";
import { dialectOf } from "@/lib/server/db/dialect";

/** The shortest term the trigram index can look up. */
const INDEXED_LENGTH = 3;

/**
 * The FTS5 query for `terms`: each one a quoted string (a quote inside doubled), joined with AND, so
 * no character a person types is read as query syntax. Null when no term is long enough.
 */
export function ftsQuery(terms: readonly string[]): string | null {
  const indexed = terms.filter((term) => [...term].length >= INDEXED_LENGTH);
  if (indexed.length === 0) return null;
  return indexed.map((term) => `"${term.replaceAll('"', '""')}"`).join(" AND ");
}

/** A LIKE pattern finding `text` anywhere, with `\`, `%` and `_` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Where a query finds a create request's `seq` (the index's rowid) and its prompt. */
export interface PromptColumns {
  seq: string;
  prompt: string;
}

const RENDER_PROMPT: PromptColumns = { seq: "renders.request_seq", prompt: "renders.prompt" };

/**
 * Rows (renders, by default) whose prompt holds every term; null for no terms (no text filter).
 * The gallery's search and the prompt field's suggestions both match this way.
 */
export function promptMatches(
  db: QueryExecutorProvider,
  terms: readonly string[],
  columns: PromptColumns = RENDER_PROMPT,
): RawBuilder<boolean> | null {
  if (terms.length === 0) return null;
  return dialectOf(db) === "postgres" ? postgresMatches(terms, columns) : sqliteMatches(terms, columns);
}

function postgresMatches(terms: readonly string[], columns: PromptColumns): RawBuilder<boolean> {
  const conditions = terms.map(
    (term) =>
      sql<boolean>`prompt_search_text(prompt) like prompt_search_text(${likePattern(term)}) escape '\\'`,
  );
  return sql<boolean>`${sql.ref(columns.seq)} in (select seq from render_requests where ${sql.join(conditions, sql` and `)})`;
}

function sqliteMatches(terms: readonly string[], columns: PromptColumns): RawBuilder<boolean> {
  const conditions: RawBuilder<boolean>[] = [];
  const query = ftsQuery(terms);
  if (query !== null)
    conditions.push(
      sql<boolean>`${sql.ref(columns.seq)} in (select rowid from render_requests_fts where render_requests_fts match ${query})`,
    );
  for (const term of terms.filter((t) => [...t].length < INDEXED_LENGTH))
    conditions.push(sql<boolean>`${sql.ref(columns.prompt)} like ${likePattern(term)} escape '\\'`);
  return sql<boolean>`(${sql.join(conditions, sql` and `)})`;
}

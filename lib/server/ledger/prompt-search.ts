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

/** A walk of the matching create requests in the list's order: from `from` on (included), at most `count`. */
export interface MatchWalk {
  direction: "asc" | "desc";
  from: number | undefined;
  count: number;
}

/**
 * Renders whose prompt holds every term, among the first `walk.count` matching requests met walking
 * the request seq in `walk.direction` from `walk.from`: SQLite's FTS5 index hands its matches in
 * rowid order and stops there, where `promptMatches` collects every match before a page is taken.
 * Null where there is no such walk: PostgreSQL (its planner already walks the requests in order and
 * stops) or no term long enough for the index. Why and when it answers: docs/architecture.md,
 * "Finding renders".
 */
export function firstPromptMatches(
  db: QueryExecutorProvider,
  terms: readonly string[],
  walk: MatchWalk,
): RawBuilder<boolean> | null {
  const query = ftsQuery(terms);
  if (query === null || dialectOf(db) === "postgres") return null;
  const from =
    walk.from === undefined
      ? sql``
      : sql` and rowid ${sql.raw(walk.direction === "desc" ? "<=" : ">=")} ${walk.from}`;
  const walked = sql`${from} order by rowid ${sql.raw(walk.direction)} limit ${walk.count}`;
  const conditions = [indexMatches(RENDER_PROMPT, query, walked), ...shortTermsMatch(terms, RENDER_PROMPT)];
  return sql<boolean>`(${sql.join(conditions, sql` and `)})`;
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
  if (query !== null) conditions.push(indexMatches(columns, query));
  conditions.push(...shortTermsMatch(terms, columns));
  return sql<boolean>`(${sql.join(conditions, sql` and `)})`;
}

/** Rows whose request the FTS5 index finds for `query`, the index's rows narrowed by `tail`. */
const indexMatches = (columns: PromptColumns, query: string, tail = sql``): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(columns.seq)} in (select rowid from render_requests_fts where render_requests_fts match ${query}${tail})`;

/** The terms too short for the trigram index, each matched with LIKE on the rows the others leave. */
const shortTermsMatch = (terms: readonly string[], columns: PromptColumns): RawBuilder<boolean>[] =>
  terms
    .filter((t) => [...t].length < INDEXED_LENGTH)
    .map((term) => sql<boolean>`${sql.ref(columns.prompt)} like ${likePattern(term)} escape '\\'`);

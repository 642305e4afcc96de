/**
 * The ledger's two databases, and the few things each says its own way. Everything dialect-specific
 * outside the migrations is here or in lib/server/ledger/prompt-search.ts; queries elsewhere use
 * Kysely's builder, which writes each dialect's SQL itself.
 */
import { sql, type Expression, type QueryExecutorProvider, type RawBuilder } from "kysely";
import { processSingleton } from "@/lib/server/runtime/process-singleton";
import { CHANGE_CHANNEL, changeOrigin } from "./change-signal";

export type DialectName = "sqlite" | "postgres";

/** `postgres://` or `postgresql://` selects PostgreSQL; anything else (`file:…`) is SQLite. */
export const dialectOfUrl = (url: string): DialectName =>
  /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";

/**
 * Each open handle's dialect, by its adapter, which the handle's transactions share. Kysely keeps the
 * dialect nowhere else, and an `instanceof PostgresAdapter` fails when Next's bundles each carry a
 * copy of Kysely (a handle opened in one, queried from another): the record is process-wide.
 */
const dialects = () => processSingleton("ledger-dialects", () => new WeakMap<object, DialectName>());

/** Records the dialect of a handle just opened (lib/server/db `connect`). */
export function registerDialect(db: QueryExecutorProvider, name: DialectName): void {
  dialects().set(db.getExecutor().adapter, name);
}

/** Which database a handle, or a transaction or migration of it, talks to (SQLite unless registered). */
export const dialectOf = (db: QueryExecutorProvider): DialectName =>
  dialects().get(db.getExecutor().adapter) ?? "sqlite";

/** The key of PostgreSQL's advisory lock around migrations (any constant, the same in every process). */
export const MIGRATION_LOCK_KEY = 4_815_162_342;
/** The key of the transaction lock that keeps change-log rows committing in sequence order. */
const CHANGE_LOG_LOCK_KEY = 4_815_162_343;
/** The key of the transaction lock that makes sign-in attempts count one at a time. */
const SIGN_IN_LOCK_KEY = 4_815_162_345;

/**
 * Makes transactions that take the same key run one after another. A SQLite write transaction holds
 * the file's one write lock from its start already; PostgreSQL takes a transaction-scoped lock.
 */
async function serializeBy(tx: QueryExecutorProvider, key: number): Promise<void> {
  if (dialectOf(tx) === "postgres") await sql`select pg_advisory_xact_lock(${key})`.execute(tx);
}

/**
 * Makes the change-log writes of concurrent transactions commit one after another, so a reader
 * that has seen sequence number n never later finds a row below n (PostgreSQL hands out identity
 * values before commit).
 */
export const serializeChangeLog = (tx: QueryExecutorProvider): Promise<void> =>
  serializeBy(tx, CHANGE_LOG_LOCK_KEY);

/**
 * Makes sign-in attempts' count-then-record transactions run one after another, so attempts made
 * at once each see those recorded before them (PostgreSQL's read committed would let them all read
 * the same count).
 */
export const serializeSignIns = (tx: QueryExecutorProvider): Promise<void> =>
  serializeBy(tx, SIGN_IN_LOCK_KEY);

/**
 * Tells the deployment's other processes that the ledger changed, when `tx` commits (PostgreSQL's
 * `NOTIFY` waits for the commit; within one transaction, repeats are folded). SQLite serves one
 * process, which its own in-process signal wakes.
 */
export async function announceChange(tx: QueryExecutorProvider): Promise<void> {
  if (dialectOf(tx) === "postgres")
    await sql`select pg_notify(${CHANGE_CHANNEL}, ${changeOrigin()})`.execute(tx);
}

/**
 * The values of `value` over a subquery's rows as one JSON array, in `orderBy`'s order (`[]` for no
 * rows): SQLite's `json_group_array` answers it as JSON text, PostgreSQL's `json_agg` as the array
 * itself; readJsonArray takes either.
 */
export function jsonArrayAgg(
  db: QueryExecutorProvider,
  value: Expression<unknown>,
  orderBy: readonly Expression<unknown>[],
): RawBuilder<unknown> {
  const order = sql.join(orderBy);
  return dialectOf(db) === "postgres"
    ? sql`coalesce(json_agg(${value} order by ${order}), '[]')`
    : sql`json_group_array(${value} order by ${order})`;
}

/** A jsonArrayAgg column as read back from either database. */
export function readJsonArray<T>(column: unknown): T[] {
  if (typeof column === "string") return JSON.parse(column) as T[];
  return Array.isArray(column) ? (column as T[]) : [];
}

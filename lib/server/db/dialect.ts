/**
 * The ledger's two databases, and the few things each says its own way. Everything dialect-specific
 * outside the migrations is here or in lib/server/ledger/prompt-search.ts; queries elsewhere use
 * Kysely's builder, which writes each dialect's SQL itself.
 */
import { PostgresAdapter, sql, type QueryExecutorProvider } from "kysely";

export type DialectName = "sqlite" | "postgres";

/** `postgres://` or `postgresql://` selects PostgreSQL; anything else (`file:…`) is SQLite. */
export const dialectOfUrl = (url: string): DialectName =>
  /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";

/**
 * Which database a handle, or a transaction or migration of it, talks to. Kysely keeps the dialect
 * only in its executor's adapter, which transactions share with the handle they came from.
 */
export const dialectOf = (db: QueryExecutorProvider): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";

/** The key of PostgreSQL's advisory lock around migrations (any constant, the same in every process). */
export const MIGRATION_LOCK_KEY = 4_815_162_342;
/** The key of the transaction lock that keeps change-log rows committing in sequence order. */
const CHANGE_LOG_LOCK_KEY = 4_815_162_343;

/**
 * Makes the change-log writes of concurrent transactions commit one after another, so a reader
 * that has seen sequence number n never later finds a row below n. SQLite has one writer at a time
 * already; PostgreSQL hands out identity values before commit, so it takes a transaction-scoped lock.
 */
export async function serializeChangeLog(tx: QueryExecutorProvider): Promise<void> {
  if (dialectOf(tx) === "postgres")
    await sql`select pg_advisory_xact_lock(${CHANGE_LOG_LOCK_KEY})`.execute(tx);
}

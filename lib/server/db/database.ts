import "server-only";
/**
 * The ledger's database handle: one per process and URL, migrated before first use. A
 * `postgres://` URL opens PostgreSQL through a `pg` pool; `file:…` opens SQLite through libsql.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import Sqlite from "libsql";
import { Kysely, Migrator, PostgresDialect, type MigrationResultSet } from "kysely";
import pg from "pg";
import { settings } from "@/lib/server/runtime/config";
import { processSingleton } from "@/lib/server/runtime/process-singleton";
import { dialectOfUrl, MIGRATION_LOCK_KEY, registerDialect } from "./dialect";
import { LibsqlDialect } from "./libsql-dialect";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

const openDatabases = () => processSingleton("ledger-databases", () => new Map<string, Promise<Db>>());

/** Opens (once per URL) and migrates the ledger database. */
export function getDb(url: string = settings().DATABASE_URL): Promise<Db> {
  const databases = openDatabases();
  let db = databases.get(url);
  if (!db) {
    db = openDb(url);
    databases.set(url, db);
    db.catch(() => databases.delete(url));
  }
  return db;
}

async function openDb(url: string): Promise<Db> {
  const db = await connect(url);
  try {
    await migrate(db, url);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** A handle on the database at `url`, not migrated (getDb migrates; tests migrate step by step). */
export async function connect(url: string): Promise<Db> {
  const dialect = dialectOfUrl(url);
  const db = dialect === "postgres" ? openPostgres(url) : await openSqlite(url);
  registerDialect(db, dialect);
  return db;
}

/** The ledger's file, or "" for a database with none (in memory). */
const sqliteFile = (url: string) =>
  url.startsWith("file:") ? (url.slice("file:".length).split("?")[0] ?? "").replace(/^:memory:$/, "") : "";

async function openSqlite(url: string): Promise<Db> {
  const file = sqliteFile(url);
  // The location is runtime configuration, not a project file: keep it out of build tracing.
  if (file) mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true });
  const database = new Sqlite(file || ":memory:");
  // busy_timeout rides out brief locks, and comes first: switching to WAL takes a lock too, which
  // another process migrating the same new ledger may hold. WAL lets readers (the gallery) proceed
  // while the scheduler writes.
  database.exec("PRAGMA busy_timeout = 5000");
  database.exec("PRAGMA journal_mode = WAL");
  return new Kysely<Database>({ dialect: new LibsqlDialect(database) });
}

/** PostgreSQL's 64-bit integers (counts, sums, millisecond times) come back as numbers, as SQLite's do. */
const NUMERIC_TYPES = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const postgresTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    NUMERIC_TYPES.has(oid) && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A server that does not answer fails a request (and the health check) instead of holding it. */
const CONNECT_TIMEOUT_MS = 10_000;

/** How every connection to PostgreSQL is made: the pool's, and the dedicated ones of lib/server/cluster. */
export const postgresClientConfig = (url: string): pg.ClientConfig => ({
  connectionString: url,
  types: postgresTypes,
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
});

function openPostgres(url: string): Db {
  const pool = new pg.Pool(postgresClientConfig(url));
  // An idle connection the server drops is replaced on next use; unhandled, the error would end the process.
  pool.on("error", (error) => console.error(`[db] idle PostgreSQL connection lost: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Brings the ledger to the latest migration. On PostgreSQL, every process starting at once waits
 * for one advisory lock held on a connection of its own (released with it, should the process die),
 * so exactly one runs the migrations and the others then find nothing left to do. On SQLite the
 * same is done with a write transaction on a lock file beside the ledger: Kysely's own migration
 * lock there holds within one process only, and two processes starting on a new ledger would both
 * create its first tables.
 */
export async function migrate(db: Db, url: string): Promise<MigrationResultSet> {
  if (dialectOfUrl(url) === "sqlite") return withSqliteMigrationLock(url, () => migrateToLatest(db));
  const lock = new pg.Client(postgresClientConfig(url));
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return await migrateToLatest(db);
  } finally {
    await lock.end();
  }
}

/** How long a starting process waits for another one's migrations before giving up. */
const MIGRATION_WAIT_MS = 120_000;

/**
 * Runs `migrateLedger` while holding a write transaction on `<ledger>.migration-lock`, a small SQLite
 * file of its own: a second process waits in its busy timeout until the first commits or dies.
 */
async function withSqliteMigrationLock<T>(url: string, migrateLedger: () => Promise<T>): Promise<T> {
  const file = sqliteFile(url);
  if (!file) return migrateLedger();
  const lock = new Sqlite(`${file}.migration-lock`);
  try {
    lock.exec(`PRAGMA busy_timeout = ${MIGRATION_WAIT_MS}`);
    lock.exec("BEGIN IMMEDIATE");
    try {
      return await migrateLedger();
    } finally {
      lock.exec("ROLLBACK");
    }
  } finally {
    lock.close();
  }
}

async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const outcome = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = outcome.results?.find((r) => r.status === "Error");
  if (outcome.error || failed) {
    throw new Error(`Ledger migration ${failed?.migrationName ?? ""} failed: ${String(outcome.error)}`);
  }
  return outcome;
}

/** Closes a database opened by getDb (tests, shutdown). */
export async function closeDb(url: string = settings().DATABASE_URL): Promise<void> {
  const db = openDatabases().get(url);
  openDatabases().delete(url);
  if (db) await (await db).destroy();
}

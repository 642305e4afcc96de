/**
 * A Kysely dialect over libsql's synchronous driver (the better-sqlite3 API). Connections are handed
 * out one at a time: libsql runs a local file's statements serially anyway, and exclusivity is what
 * keeps a transaction's statements from interleaving with other queries. Each statement is prepared
 * once and kept (see "The ledger" in docs/architecture.md).
 */
import type Database from "libsql";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

export class LibsqlDialect implements Dialect {
  constructor(private readonly database: Database.Database) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new LibsqlDriver(this.database);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
}

class LibsqlDriver implements Driver {
  private readonly connection: LibsqlConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(private readonly database: Database.Database) {
    this.connection = new LibsqlConnection(database);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    (connection as LibsqlConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection) {
    (connection as LibsqlConnection).end("COMMIT");
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    (connection as LibsqlConnection).end("ROLLBACK");
  }

  async releaseConnection() {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy() {
    this.database.close();
  }
}

/**
 * Prepared statements kept, by their SQL. Preparing is most of a small query's cost (a `select *`
 * of a render's forty columns is prepared in ten times the time it runs in). Kysely writes values
 * as parameters, so the texts are few; a list of ids (`in (?, ?, …)`) makes one per length, hence
 * the bound, oldest dropped first.
 */
const STATEMENTS_KEPT = 500;

/**
 * A kept statement and whether it reads rows. The driver asks SQLite anew each time its `reader` is
 * read, which cost a fifth of a one-row read; a statement's text decides it once and for all.
 */
interface KeptStatement {
  statement: Database.Statement;
  reader: boolean;
}

class LibsqlConnection implements DatabaseConnection {
  private readonly statements = new Map<string, KeptStatement>();

  constructor(private readonly database: Database.Database) {}

  /** A write transaction, as @libsql/client's `transaction("write")` was: the write lock from the start. */
  begin() {
    this.database.exec("BEGIN IMMEDIATE");
  }

  end(how: "COMMIT" | "ROLLBACK") {
    try {
      this.database.exec(how);
    } finally {
      // A commit that failed (the file busy past the timeout) leaves nothing open behind it.
      if (this.database.inTransaction) this.database.exec("ROLLBACK");
    }
  }

  private statement(sql: string): KeptStatement {
    let kept = this.statements.get(sql);
    if (kept) {
      // Most recently used last, so the bound drops the statements no longer asked for.
      this.statements.delete(sql);
    } else {
      const statement = this.database.prepare(sql);
      kept = { statement, reader: statement.reader };
      if (this.statements.size >= STATEMENTS_KEPT) {
        const oldest = this.statements.keys().next().value;
        if (oldest !== undefined) this.statements.delete(oldest);
      }
    }
    this.statements.set(sql, kept);
    return kept;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { statement, reader } = this.statement(query.sql);
    const args = query.parameters.map(toSqlValue);
    if (reader) return { rows: statement.all(args) as R[] };
    const { changes, lastInsertRowid } = statement.run(args);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported by the libsql dialect");
  }
}

/** What SQLite stores for a value, as @libsql/client converted it: booleans as 1 and 0, dates as milliseconds. */
function toSqlValue(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

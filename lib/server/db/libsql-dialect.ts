/**
 * A Kysely dialect over @libsql/client. Connections are handed out one at a time: libsql runs a
 * local file's statements serially anyway, and exclusivity is what keeps a transaction's statements
 * from interleaving with other queries.
 */
import type { Client, InArgs, Transaction } from "@libsql/client";
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
  constructor(private readonly client: Client) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new LibsqlDriver(this.client);
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

  constructor(private readonly client: Client) {
    this.connection = new LibsqlConnection(client);
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
    await (connection as LibsqlConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as LibsqlConnection).end("commit");
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as LibsqlConnection).end("rollback");
  }

  async releaseConnection() {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy() {
    this.client.close();
  }
}

class LibsqlConnection implements DatabaseConnection {
  private transaction: Transaction | undefined;

  constructor(private readonly client: Client) {}

  async begin() {
    this.transaction = await this.client.transaction("write");
  }

  async end(how: "commit" | "rollback") {
    const transaction = this.transaction;
    this.transaction = undefined;
    if (!transaction) return;
    try {
      await (how === "commit" ? transaction.commit() : transaction.rollback());
    } finally {
      transaction.close();
    }
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = { sql: query.sql, args: query.parameters as InArgs };
    const result = await (this.transaction ?? this.client).execute(statement);
    const rows = result.rows.map(
      (row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i]])) as R,
    );
    return {
      rows,
      numAffectedRows: BigInt(result.rowsAffected),
      ...(result.lastInsertRowid !== undefined && { insertId: result.lastInsertRowid }),
    };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported by the libsql dialect");
  }
}

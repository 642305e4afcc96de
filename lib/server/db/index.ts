import "server-only";
/**
 * The ledger's database handle: one per process and URL, migrated before first use.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { LibsqlDialect } from "./libsql-dialect";
import { Kysely, Migrator } from "kysely";
import { settings } from "@/lib/server/runtime/config";
import { processSingleton } from "@/lib/server/runtime/process-singleton";
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
  if (url.startsWith("file:")) {
    const file = url.slice("file:".length).split("?")[0] ?? "";
    // The location is runtime configuration, not a project file: keep it out of build tracing.
    if (file) mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true });
  }
  const client = createClient({ url });
  // WAL lets readers (the gallery) proceed while the scheduler writes; busy_timeout rides out brief locks.
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new LibsqlDialect(client) });
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Ledger migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
  return db;
}

/** Closes a database opened by getDb (tests, shutdown). */
export async function closeDb(url: string = settings().DATABASE_URL): Promise<void> {
  const db = openDatabases().get(url);
  openDatabases().delete(url);
  if (db) await (await db).destroy();
}

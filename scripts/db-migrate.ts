/**
 * `npm run db:migrate`: brings the ledger's database (DATABASE_URL: `file:…` for SQLite,
 * `postgres://…` for PostgreSQL) to the latest migration and says what it applied. The server does
 * the same on start, under the same lock, so running this before a deploy only moves the wait.
 */
import { connect, migrate } from "@/lib/server/db/database";

const url = process.env.DATABASE_URL ?? "file:./data/dashboard.db";

async function main(): Promise<void> {
  const db = await connect(url);
  try {
    const { results = [] } = await migrate(db, url);
    const applied = results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    console.log(applied.length > 0 ? `Applied ${applied.join(", ")}.` : "The ledger is up to date.");
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`Migrating the ledger failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

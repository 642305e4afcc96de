/**
 * `npm run db:backup -- <file>`: a consistent copy of the ledger (DATABASE_URL) while the dashboard
 * keeps running. SQLite: `VACUUM INTO` the file, a complete database of its own. PostgreSQL:
 * `pg_dump --format=custom` to the file, for `pg_restore` (README, "Backup and restore").
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { connect } from "@/lib/server/db/database";
import { dialectOfUrl } from "@/lib/server/db/dialect";

const url = process.env.DATABASE_URL ?? "file:./data/dashboard.db";
const target = process.argv[2];

async function main(): Promise<void> {
  if (!target) throw new Error("name the backup file: npm run db:backup -- backups/dashboard.db");
  // Never over an earlier backup: a typo must not destroy the copy someone relies on.
  if (existsSync(target)) throw new Error(`${target} already exists`);
  if (dialectOfUrl(url) === "postgres") {
    await promisify(execFile)("pg_dump", ["--format=custom", "--no-owner", `--file=${target}`, url]).catch(
      (error: NodeJS.ErrnoException) => {
        throw error.code === "ENOENT"
          ? new Error("pg_dump was not found: install PostgreSQL's client tools (Debian: postgresql-client)")
          : error;
      },
    );
  } else {
    const db = await connect(url);
    try {
      await sql`vacuum into ${path.resolve(target)}`.execute(db);
    } finally {
      await db.destroy();
    }
  }
  console.log(`Backed up the ledger to ${target}.`);
}

main().catch((error: unknown) => {
  console.error(`Backing up the ledger failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

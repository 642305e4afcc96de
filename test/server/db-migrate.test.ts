/**
 * `npm run db:migrate` as operators and starting replicas run it: three processes on one new ledger
 * at once. Exactly one applies the migrations, the others wait for it and find nothing left to do,
 * and each migration is recorded once. Runs on both databases (SQLite here, PostgreSQL in the
 * `postgres` project).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { connect } from "@/lib/server/db/database";
import { migrationProvider } from "@/lib/server/db/migrations";
import { newLedgerUrl } from "@/test/server-stack";

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, "..", "..");

test("three processes migrating one new ledger at once: one applies, two wait, each migration once", async () => {
  const url = await newLedgerUrl();
  const migrateOnce = () =>
    run(
      path.join(ROOT, "node_modules", ".bin", "tsx"),
      ["--conditions=react-server", path.join(ROOT, "scripts", "db-migrate.ts")],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } },
    );
  const outputs = (await Promise.all([migrateOnce(), migrateOnce(), migrateOnce()])).map((r) =>
    r.stdout.trim(),
  );
  const names = Object.keys(await migrationProvider.getMigrations());
  expect(outputs.toSorted()).toEqual([
    `Applied ${names.join(", ")}.`,
    "The ledger is up to date.",
    "The ledger is up to date.",
  ]);
  const db = await connect(url);
  try {
    const recorded = await db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    expect(recorded.map((row) => (row as { name: string }).name).toSorted()).toEqual(names.toSorted());
  } finally {
    await db.destroy();
  }
});

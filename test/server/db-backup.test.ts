/**
 * `npm run db:backup` while the ledger is being written, and the restore README describes: the copy
 * opens as a ledger of its own with every row committed before it, and a second backup never
 * overwrites the first. Runs on both databases (SQLite here, PostgreSQL in the `postgres` project).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inject, expect, test } from "vitest";
import { connect, migrate, type Db } from "@/lib/server/db/database";
import { dialectOfUrl } from "@/lib/server/db/dialect";
import { createDatabase } from "@/test/postgres-server";
import { newLedgerUrl } from "@/test/server-stack";

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, "..", "..");

const backup = (url: string, file: string) =>
  run(
    path.join(ROOT, "node_modules", ".bin", "tsx"),
    ["--conditions=react-server", path.join(ROOT, "scripts", "db-backup.ts"), file],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } },
  );

/** The copy restored as README says: the file itself, or pg_restore into a new database; its URL. */
async function restore(url: string, file: string): Promise<string> {
  if (dialectOfUrl(url) === "sqlite") return `file:${file}`;
  const restored = await createDatabase(inject("postgresUrl"));
  await run("pg_restore", ["--no-owner", `--dbname=${restored}`, file]);
  return restored;
}

const keys = async (db: Db) =>
  (await db.selectFrom("team_settings").select("key").where("key", "like", "backup_%").execute()).map(
    (row) => row.key,
  );

test("a backup taken while rows are written restores every row committed before it", async () => {
  const url = await newLedgerUrl();
  const db = await connect(url);
  await migrate(db, url);
  const before = Array.from({ length: 50 }, (_, i) => `backup_before_${i}`);
  for (const key of before) await db.insertInto("team_settings").values({ key, value: "1" }).execute();

  // Writes go on during the backup, as a running dashboard's would. Each waits a turn of the event
  // loop: SQLite's inserts can settle without one, and the backup's exit must get through.
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      await db
        .insertInto("team_settings")
        .values({ key: `backup_during_${i}`, value: "1" })
        .execute();
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const file = path.join(mkdtempSync(path.join(tmpdir(), "ledger-backup-")), "dashboard.backup");
  const { stdout } = await backup(url, file);
  writing = false;
  await writer;
  await db.destroy();
  expect(stdout).toContain(`Backed up the ledger to ${file}.`);

  const restoredUrl = await restore(url, file);
  const restored = await connect(restoredUrl);
  try {
    expect(await keys(restored)).toEqual(expect.arrayContaining(before));
    // The copy is a working ledger: its migrations are recorded, nothing is left to apply.
    const { results = [] } = await migrate(restored, restoredUrl);
    expect(results).toEqual([]);
  } finally {
    await restored.destroy();
  }

  const size = statSync(file).size;
  await expect(backup(url, file)).rejects.toMatchObject({
    stderr: expect.stringContaining("already exists"),
  });
  expect(statSync(file).size).toBe(size);
});

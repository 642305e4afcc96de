/**
 * The audit log of a PostgreSQL deployment: two dashboard processes append at once while a third
 * pages through the log. Every walk reads each entry at most once, newest first; once both are done,
 * every entry is there exactly once, each process's in the order it wrote them.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, test } from "vitest";
import type { AuditEntry } from "@/lib/contract";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { listAudit } from "@/lib/server/ledger/audit";
import { newLedgerUrl } from "@/test/server-stack";

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, "..", "..");
const EACH = 60;

let url = "";
afterAll(() => closeDb(url));

/** One walk through the whole log in small pages, newest first. */
async function walk(db: Db): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listAudit(db, {}, { cursor, limit: 7 });
    entries.push(...page.items);
    if (page.nextCursor === null) return entries;
    cursor = page.nextCursor;
  }
}

function expectNewestFirstOnce(entries: AuditEntry[]): void {
  expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  const times = entries.map((e) => Date.parse(e.at));
  expect(times).toEqual(times.toSorted((a, b) => b - a));
}

test("two processes writing and one reading: each entry once, each writer's in its order", async () => {
  url = await newLedgerUrl();
  const db = await getDb(url);
  const write = (writer: string) =>
    run(
      path.join(ROOT, "node_modules", ".bin", "tsx"),
      ["--conditions=react-server", path.join(ROOT, "test", "audit-writer.ts"), writer, String(EACH)],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } },
    );
  let writing = true;
  const writers = Promise.all([write("a"), write("b")]).finally(() => (writing = false));
  let walks = 0;
  let seenWhileWriting = 0;
  while (writing) {
    const entries = await walk(db);
    expectNewestFirstOnce(entries);
    if (entries.length > 0 && entries.length < 2 * EACH) seenWhileWriting++;
    walks++;
  }
  await writers;

  const entries = await walk(db);
  expectNewestFirstOnce(entries);
  expect(entries).toHaveLength(2 * EACH);
  for (const writer of ["a", "b"]) {
    const own = entries.filter((e) => e.target?.name === writer).toReversed();
    expect(own.map((e) => e.target?.id)).toEqual(Array.from({ length: EACH }, (_, i) => String(i)));
  }
  // The reader really read while both wrote.
  expect(walks).toBeGreaterThan(0);
  expect(seenWhileWriting).toBeGreaterThan(0);
});

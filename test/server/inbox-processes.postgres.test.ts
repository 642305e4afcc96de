/**
 * The inbox of a PostgreSQL deployment with several replicas: two dashboard processes handle the
 * same comments at once and each makes their inbox items. Every item is made once (the unique
 * member and source key of migration 019), and only the write that made it tells the live stream.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, test } from "vitest";
import { closeDb, getDb } from "@/lib/server/db/database";
import { listInbox } from "@/lib/server/ledger/inbox";
import { newLedgerUrl } from "@/test/server-stack";

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, "..", "..");
const EACH = 80;
const OWNER = "mem_linus";

let url = "";
afterAll(() => closeDb(url));

test("two processes making the same items: each is made once, and noted once", async () => {
  url = await newLedgerUrl();
  const db = await getDb(url);
  const write = () =>
    run(
      path.join(ROOT, "node_modules", ".bin", "tsx"),
      ["--conditions=react-server", path.join(ROOT, "test", "inbox-writer.ts"), OWNER, String(EACH)],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } },
    );
  await Promise.all([write(), write()]);

  const { items } = await listInbox(db, OWNER, { limit: 100 });
  expect(items).toHaveLength(EACH);
  expect(new Set(items.map((i) => i.commentId)).size).toBe(EACH);
  const notes = await db
    .selectFrom("changes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("topic", "=", "inbox")
    .executeTakeFirstOrThrow();
  expect(Number(notes.count)).toBe(EACH);
});

/**
 * The SQLite dialect keeps each prepared statement: what a kept statement answers must stay what a
 * fresh one would (after the schema changes, past the bound on kept statements), and transactions
 * must still end whole.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Kysely, sql } from "kysely";
import Sqlite from "libsql";
import { afterEach, beforeEach, expect, test } from "vitest";
import { LibsqlDialect } from "./libsql-dialect";

interface Tables {
  items: { id: number; name: string; done: number };
}

let dir: string;
let db: Kysely<Tables>;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "libsql-dialect-"));
  db = new Kysely<Tables>({ dialect: new LibsqlDialect(new Sqlite(path.join(dir, "ledger.db"))) });
  await sql`create table items (id integer primary key, name text not null, done integer not null)`.execute(
    db,
  );
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const everything = () => db.selectFrom("items").selectAll().orderBy("id").execute();

test("a kept `select *` answers the columns a migration added after it was first prepared", async () => {
  await db.insertInto("items").values({ id: 1, name: "first", done: 0 }).execute();
  expect(await everything()).toEqual([{ id: 1, name: "first", done: 0 }]);
  await sql`alter table items add column note text`.execute(db);
  await db
    .updateTable("items")
    .set({ note: "added" } as never)
    .execute();
  expect(await everything()).toEqual([{ id: 1, name: "first", done: 0, note: "added" }]);
});

test("writes answer their counts and ids; booleans are stored as 1 and 0, as before", async () => {
  const inserted = await db
    .insertInto("items")
    .values({ id: 7, name: "seven", done: true as never })
    .executeTakeFirst();
  expect(inserted.insertId).toBe(7n);
  const updated = await db
    .updateTable("items")
    .set({ done: false as never })
    .executeTakeFirst();
  expect(updated.numUpdatedRows).toBe(1n);
  expect(await everything()).toEqual([{ id: 7, name: "seven", done: 0 }]);
});

test("more distinct statements than are kept all answer, the first again after it was dropped", async () => {
  await db.insertInto("items").values({ id: 1, name: "first", done: 0 }).execute();
  // Each length of an `in` list is a statement of its own.
  for (let n = 1; n <= 600; n++) {
    const ids = Array.from({ length: n }, (_, i) => i + 1);
    expect(await db.selectFrom("items").select("name").where("id", "in", ids).execute()).toEqual([
      { name: "first" },
    ]);
  }
  expect(await db.selectFrom("items").select("name").where("id", "in", [1]).execute()).toEqual([
    { name: "first" },
  ]);
});

test("a transaction that throws leaves nothing written and nothing open", async () => {
  await expect(
    db.transaction().execute(async (tx) => {
      await tx.insertInto("items").values({ id: 1, name: "kept?", done: 0 }).execute();
      await tx.insertInto("items").values({ id: 1, name: "same id", done: 0 }).execute();
    }),
  ).rejects.toThrow(/UNIQUE/);
  expect(await everything()).toEqual([]);
  await db
    .transaction()
    .execute((tx) => tx.insertInto("items").values({ id: 2, name: "two", done: 1 }).execute());
  expect(await everything()).toEqual([{ id: 2, name: "two", done: 1 }]);
});

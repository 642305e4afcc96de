/**
 * The language the migrations write tables and indexes in: one line per column, one line per index,
 * built with Kysely's schema builder so each dialect writes its own SQL.
 */
import type { ColumnDataType, Kysely } from "kysely";
import { dialectOf } from "@/lib/server/db/dialect";

const MODIFIERS = /^(primary key|autoincrement|not null|unique|default -?\d+)(\s+|$)/;

/**
 * Each column type on PostgreSQL: SQLite's `integer` holds 64 bits (millisecond times among them) and
 * its `real` is a double, so PostgreSQL gets `bigint` and `double precision`.
 */
const POSTGRES_TYPES: Record<string, ColumnDataType> = {
  text: "text",
  integer: "bigint",
  real: "double precision",
};

/**
 * Creates tables, in order, each from one line per column: `name type [primary key] [autoincrement] [not null]
 * [unique] [default <number>]`, built with Kysely's schema builder (so each dialect writes its own
 * SQL). Anything else on a line is an error, never silently dropped. An autoincrement column is an
 * identity column on PostgreSQL.
 */
export async function createTables(db: Kysely<unknown>, tables: Record<string, string>): Promise<void> {
  for (const [table, columns] of Object.entries(tables)) await createTable(db, table, columns);
}

async function createTable(db: Kysely<unknown>, table: string, columns: string): Promise<void> {
  let builder = db.schema.createTable(table);
  for (const column of readColumns(db, table, columns)) builder = builder.addColumn(...column);
  await builder.execute();
}

/** Adds columns to a table, each written as in `createTables`. */
export async function addColumns(db: Kysely<unknown>, table: string, columns: string): Promise<void> {
  for (const column of readColumns(db, table, columns))
    await db.schema
      .alterTable(table)
      .addColumn(...column)
      .execute();
}

type ColumnBuild = Parameters<ReturnType<Kysely<unknown>["schema"]["createTable"]>["addColumn"]>;

function readColumns(db: Kysely<unknown>, table: string, columns: string): ColumnBuild[] {
  const postgres = dialectOf(db) === "postgres";
  return columns
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const [, name = "", type = "", rest = ""] = /^(\w+)\s+(text|integer|real)\s*(.*)$/.exec(line) ?? [];
      if (!name) throw new Error(`Migration of ${table}: cannot read column "${line}"`);
      const modifiers: string[] = [];
      for (let left = rest; left !== "";) {
        const match = MODIFIERS.exec(left);
        if (!match?.[1]) throw new Error(`Migration of ${table}: unknown "${left}" in column "${line}"`);
        modifiers.push(match[1]);
        left = left.slice(match[0].length);
      }
      const dataType = postgres ? (POSTGRES_TYPES[type] ?? "text") : (type as ColumnDataType);
      return [
        name,
        dataType,
        (column) =>
          modifiers.reduce((c, modifier) => {
            if (modifier === "primary key") return c.primaryKey();
            if (modifier === "autoincrement")
              return postgres ? c.generatedByDefaultAsIdentity() : c.autoIncrement();
            if (modifier === "not null") return c.notNull();
            if (modifier === "unique") return c.unique();
            return c.defaultTo(Number(modifier.slice("default ".length)));
          }, column),
      ] satisfies ColumnBuild;
    });
}

/** Creates indexes, each written `table (column, column desc)`. */
export async function createIndexes(db: Kysely<unknown>, indexes: Record<string, string>): Promise<void> {
  for (const [name, definition] of Object.entries(indexes)) {
    const [, table = "", columns = ""] = /^(\w+) \((.+)\)$/.exec(definition) ?? [];
    if (!table) throw new Error(`Migration: cannot read index ${name} "${definition}"`);
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(columns.split(",").map((column) => column.trim()))
      .execute();
  }
}

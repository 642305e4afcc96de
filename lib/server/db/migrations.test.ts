/**
 * The presets migration on a ledger made by the release before it (migrations up to
 * 003_change_log): what was there is still there, and the new table and its rules work.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { Kysely, Migrator } from "kysely";
import { afterEach, expect, test } from "vitest";
import { LibsqlDialect } from "./libsql-dialect";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";

const opened: Kysely<Database>[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

function openLedger(): Kysely<Database> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "ledger-migrate-")), "dashboard.db");
  const db = new Kysely<Database>({ dialect: new LibsqlDialect(createClient({ url: `file:${file}` })) });
  opened.push(db);
  return db;
}

async function migrate(db: Kysely<Database>, to?: string) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = to ? await migrator.migrateTo(to) : await migrator.migrateToLatest();
  expect(error).toBeUndefined();
  return results ?? [];
}

test("006_presets keeps an earlier ledger's rows and adds presets with case-insensitive unique names", async () => {
  const db = openLedger();
  await migrate(db, "003_change_log");
  const now = new Date().toISOString();
  const request = {
    id: "req_before",
    idempotency_key: null,
    body_hash: "hash",
    kind: "image",
    model: "nano-banana",
    resolution: null,
    prompt: "a fox made before presets",
    params: "{}",
    state: "created",
    response: null,
    error: null,
    batch_id: null,
    credits_charged: 3,
    created_at: now,
    updated_at: now,
    member_id: "mem_a",
    member_name: "Ada",
  };
  await db.insertInto("render_requests").values(request).execute();
  const before = await db.selectFrom("render_requests").selectAll().execute();

  const applied = await migrate(db);
  expect(applied.map((r) => r.migrationName)).toContain("006_presets");
  expect(applied.every((r) => r.status === "Success")).toBe(true);
  expect(await db.selectFrom("render_requests").selectAll().execute()).toEqual(before);

  const preset = {
    id: "pst_one",
    name: "Square",
    name_key: "square",
    kind: "image",
    model: "nano-banana",
    settings: "{}",
    prompt: null,
    member_id: null,
    member_name: null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto("presets").values(preset).execute();
  await expect(
    db
      .insertInto("presets")
      .values({ ...preset, id: "pst_two", name: "SQUARE" })
      .execute(),
  ).rejects.toThrow();
  expect(await db.selectFrom("presets").select("id").execute()).toEqual([{ id: preset.id }]);
});

test("008_shares keeps an earlier ledger's rows and adds share links with unique token hashes", async () => {
  const db = openLedger();
  await migrate(db, "006_presets");
  const now = new Date().toISOString();
  await db
    .insertInto("presets")
    .values({
      id: "pst_before",
      name: "Before shares",
      name_key: "before shares",
      kind: "image",
      model: "nano-banana",
      settings: "{}",
      prompt: "kept",
      member_id: "mem_a",
      member_name: "Ada",
      created_at: now,
      updated_at: now,
    })
    .execute();
  const tables = ["presets", "render_requests", "renders", "members"] as const;
  const before = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));

  const applied = await migrate(db);
  expect(applied.map((r) => r.migrationName)).toContain("008_shares");
  expect(applied.every((r) => r.status === "Success")).toBe(true);
  expect(await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()))).toEqual(
    before,
  );

  const share = {
    id: "shr_one",
    token_hash: "hash-of-a-token",
    token_prefix: "abcdef",
    kind: "render",
    target_id: "rnd_1",
    show_prompt: 1,
    member_id: null,
    member_name: null,
    created_at: now,
    expires_at: null,
    last_opened_at: null,
  };
  await db.insertInto("shares").values(share).execute();
  await expect(
    db
      .insertInto("shares")
      .values({ ...share, id: "shr_two" })
      .execute(),
  ).rejects.toThrow();
  expect(await db.selectFrom("shares").selectAll().execute()).toEqual([share]);
});

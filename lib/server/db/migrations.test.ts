/**
 * Migrations on a ledger made by the release before them (presets on one up to 003_change_log,
 * boards on one up to 006_presets, API tokens and batch runs on one up to 008_shares): what was there is still
 * there, and the new tables and their rules work.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { Kysely, Migrator, type Insertable } from "kysely";
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

/**
 * Stores `row`, then a twin whose name differs only in case, which the unique `name_key` refuses: the
 * table holds the one row.
 */
async function expectOneNamePerCase(
  db: Kysely<Database>,
  table: "presets" | "boards",
  row: Insertable<Database["presets"]> | Insertable<Database["boards"]>,
) {
  const insert = (values: typeof row) =>
    db
      .insertInto(table)
      .values(values as never)
      .execute();
  await insert(row);
  await expect(insert({ ...row, id: `${row.id}_twin`, name: row.name.toUpperCase() })).rejects.toThrow();
  expect(await db.selectFrom(table).select("id").execute()).toEqual([{ id: row.id }]);
}

/** A preset as the presets table holds it. */
const presetRow = (id: string, now: string) => ({
  id,
  name: "Square",
  name_key: "square",
  kind: "image",
  model: "nano-banana",
  settings: "{}",
  prompt: null,
  member_id: "mem_a",
  member_name: "Ada",
  created_at: now,
  updated_at: now,
});

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

  await expectOneNamePerCase(db, "presets", presetRow("pst_one", now));
});

test("007_boards keeps an earlier ledger's rows and adds boards, with unique names and one place per render", async () => {
  const db = openLedger();
  await migrate(db, "006_presets");
  const now = new Date().toISOString();
  await db.insertInto("presets").values(presetRow("pst_before", now)).execute();
  await db.insertInto("favourites").values({ owner: "mem_a", render_id: "rnd_a", created_at: now }).execute();
  const before = {
    presets: await db.selectFrom("presets").selectAll().execute(),
    favourites: await db.selectFrom("favourites").selectAll().execute(),
  };

  const applied = await migrate(db, "007_boards");
  expect(applied.map((r) => r.migrationName)).toEqual(["007_boards"]);
  expect(applied.every((r) => r.status === "Success")).toBe(true);
  expect(await db.selectFrom("presets").selectAll().execute()).toEqual(before.presets);
  expect(await db.selectFrom("favourites").selectAll().execute()).toEqual(before.favourites);

  const board = {
    id: "brd_one",
    name: "Picks",
    name_key: "picks",
    description: null,
    member_id: null,
    member_name: null,
    created_at: now,
    updated_at: now,
  };
  await expectOneNamePerCase(db, "boards", board);
  const place = {
    board_id: board.id,
    render_id: "rnd_a",
    added_by_id: "mem_a",
    added_by_name: "Ada",
    added_at: now,
  };
  await db.insertInto("board_renders").values(place).execute();
  await expect(db.insertInto("board_renders").values(place).execute()).rejects.toThrow();
  expect(await db.selectFrom("board_renders").selectAll().execute()).toEqual([place]);
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

  const applied = await migrate(db, "008_shares");
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

test("009_api_tokens keeps an earlier ledger's rows and adds API tokens with unique token hashes", async () => {
  const db = openLedger();
  await migrate(db, "008_shares");
  const now = new Date().toISOString();
  await db.insertInto("presets").values(presetRow("pst_before", now)).execute();
  await db
    .insertInto("members")
    .values({
      id: "mem_a",
      email: "ada@example.com",
      name: "Ada",
      role: "admin",
      password_hash: "hash",
      monthly_cap_credits: null,
      created_at: now,
    })
    .execute();
  const tables = ["presets", "members", "shares"] as const;
  const before = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));

  const applied = await migrate(db, "009_api_tokens");
  expect(applied.map((r) => r.migrationName)).toEqual(["009_api_tokens"]);
  expect(applied.every((r) => r.status === "Success")).toBe(true);
  expect(await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()))).toEqual(
    before,
  );

  const token = {
    id: "tok_one",
    token_hash: "hash-of-a-token",
    token_prefix: "rdt_abcdef",
    name: "CI",
    scope: "read",
    member_id: "mem_a",
    created_at: now,
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
  };
  await db.insertInto("api_tokens").values(token).execute();
  await expect(
    db
      .insertInto("api_tokens")
      .values({ ...token, id: "tok_two" })
      .execute(),
  ).rejects.toThrow();
  expect(await db.selectFrom("api_tokens").selectAll().execute()).toEqual([token]);
});

test("010_batch_runs keeps an earlier ledger's rows and adds runs with one row per index", async () => {
  const db = openLedger();
  await migrate(db, "008_shares");
  const now = new Date().toISOString();
  await db.insertInto("presets").values(presetRow("pst_before", now)).execute();
  const tables = ["presets", "render_requests", "renders", "shares"] as const;
  const before = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));

  const applied = await migrate(db);
  expect(applied.map((r) => r.migrationName)).toContain("010_batch_runs");
  expect(applied.every((r) => r.status === "Success")).toBe(true);
  expect(await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()))).toEqual(
    before,
  );

  await db
    .insertInto("runs")
    .values({
      id: "run_one",
      name: "Overnight",
      state: "running",
      row_count: 1,
      stop_reason: null,
      member_id: null,
      member_name: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .execute();
  const row = {
    run_id: "run_one",
    row_index: 0,
    params: '{"kind":"image","prompt":"a fox"}',
    state: "queued",
    request_id: null,
    error: null,
    updated_at: now,
  };
  await db.insertInto("run_rows").values(row).execute();
  await expect(db.insertInto("run_rows").values(row).execute()).rejects.toThrow();
  expect(await db.selectFrom("run_rows").selectAll().execute()).toEqual([{ ...row, attempt: 0 }]);
});

test("013_approvals adds the approvals, one per create request", async () => {
  const db = openLedger();
  await migrate(db, "010_batch_runs");
  const applied = await migrate(db, "013_approvals");
  expect(applied.map((r) => r.migrationName)).toEqual(["013_approvals"]);
  expect(applied.every((r) => r.status === "Success")).toBe(true);

  const approval = {
    request_id: "req_held",
    estimate_credits: null,
    estimate_basis: null,
    decision: null,
    note: null,
    decided_by_id: null,
    decided_by_name: null,
    decided_at: null,
    created_at: new Date().toISOString(),
  };
  await db.insertInto("approvals").values(approval).execute();
  await expect(db.insertInto("approvals").values(approval).execute()).rejects.toThrow();
  expect(await db.selectFrom("approvals").selectAll().execute()).toEqual([approval]);
});

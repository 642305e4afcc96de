/**
 * Migrations on a ledger made by the release before them (presets on one up to 003_change_log,
 * boards on one up to 006_presets, API tokens and batch runs on one up to 008_shares, learned rates
 * on one up to 010_batch_runs): what was there is still there, and the new tables and their rules
 * work.
 */
import { Migrator, type Generated, type Insertable, type Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { newLedgerUrl } from "@/test/server-stack";
import { connect } from "@/lib/server/db/database";
import { spendEvent } from "@/lib/domain/alerts";
import { outboxKey } from "@/lib/domain/outbox";
import { expectUsageOfRenders } from "@/test/usage-reference";
import { migrationProvider } from "./index";
import type { Database } from "@/lib/server/db/schema";

const opened: Kysely<Database>[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

/** An empty ledger of the project's database (SQLite, or PostgreSQL in the `postgres` project). */
async function openLedger(): Promise<Kysely<Database>> {
  const db = await connect(await newLedgerUrl());
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

/** A running batch run as the runs table holds it (before any grid). */
const runRow = (id: string, now: string) => ({
  id,
  name: "Overnight",
  state: "running",
  row_count: 1,
  stop_reason: null,
  member_id: null,
  member_name: null,
  created_at: now,
  updated_at: now,
  finished_at: null,
});

/** The webhook's outbox of spend alerts, from 012_notices until 027_spend_chat moved it into `outbox`. */
interface AlertOutboxTable {
  notice_id: string;
  body: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  queued_at: number;
  delivered_at: number | null;
  gave_up_at: number | null;
  last_error: string | null;
}

async function migrate(db: Kysely<Database>, to?: string) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = to ? await migrator.migrateTo(to) : await migrator.migrateToLatest();
  expect(error).toBeUndefined();
  return results ?? [];
}

test("006_presets keeps an earlier ledger's rows and adds presets with case-insensitive unique names", async () => {
  const db = await openLedger();
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

  const applied = await migrate(db, "006_presets");
  expect(applied.map((r) => r.migrationName)).toContain("006_presets");
  expect(applied.every((r) => r.status === "Success")).toBe(true);
  expect(await db.selectFrom("render_requests").selectAll().execute()).toEqual(before);

  await expectOneNamePerCase(db, "presets", presetRow("pst_one", now));
});

test("007_boards keeps an earlier ledger's rows and adds boards, with unique names and one place per render", async () => {
  const db = await openLedger();
  await migrate(db, "006_presets");
  const now = new Date().toISOString();
  await db.insertInto("presets").values(presetRow("pst_before", now)).execute();
  // A ledger before 028: its rows hold no list positions yet.
  await db
    .insertInto("favourites")
    .values({ owner: "mem_a", render_id: "rnd_a", created_at: now } as never)
    .execute();
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
  await db
    .insertInto("board_renders")
    .values(place as never)
    .execute();
  await expect(
    db
      .insertInto("board_renders")
      .values(place as never)
      .execute(),
  ).rejects.toThrow();
  expect(await db.selectFrom("board_renders").selectAll().execute()).toEqual([place]);
});

test("008_shares keeps an earlier ledger's rows and adds share links with unique token hashes", async () => {
  const db = await openLedger();
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
  const db = await openLedger();
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
  const db = await openLedger();
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

  await db.insertInto("runs").values(runRow("run_one", now)).execute();
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

test("011_estimates keeps an earlier ledger's rows and learns the rates of its charges, oldest first", async () => {
  const db = await openLedger();
  await migrate(db, "010_batch_runs");
  const now = new Date().toISOString();
  const kling = { kind: "video", prompt: "a harbour", model: "kling", resolution: "1080p" };
  const requests = [
    [{ ...kling, durationSeconds: 5, generateAudio: true }, 88, "created"],
    [{ ...kling, durationSeconds: 10, generateAudio: true }, 175, "created"],
    [{ ...kling, durationSeconds: 10 }, 140, "created"],
    [{ ...kling, durationSeconds: 15 }, 0, "rejected"],
    [{ kind: "image", prompt: "a fox", imageCount: 2 }, 0, "created"],
  ] as const;
  for (const [i, [params, credits, state]] of requests.entries())
    await db
      .insertInto("render_requests")
      .values({
        id: `req_${i}`,
        idempotency_key: null,
        body_hash: `hash_${i}`,
        kind: params.kind,
        model: "model" in params ? params.model : "seedream",
        resolution: "resolution" in params ? params.resolution : null,
        prompt: params.prompt,
        params: JSON.stringify(params),
        state,
        response: null,
        error: null,
        batch_id: null,
        credits_charged: credits,
        created_at: now,
        updated_at: now,
        member_id: null,
        member_name: null,
      })
      .execute();
  const before = await db.selectFrom("render_requests").selectAll().execute();

  const applied = await migrate(db, "011_estimates");
  expect(applied.map((r) => r.migrationName)).toEqual(["011_estimates"]);
  expect(applied.every((r) => r.status === "Success")).toBe(true);
  expect(await db.selectFrom("render_requests").selectAll().execute()).toEqual(
    before.map((row) => ({ ...row, estimate_credits: null, estimate_source: null })),
  );
  const learned = await db
    .selectFrom("learned_rates")
    .select(["key", "credits", "units", "renders"])
    .orderBy("key")
    .execute();
  // The 10 s audio charge (no rounding in it) stands for its key over the 5 s one (rounded up).
  expect(learned).toEqual([
    { key: "kling:1080p:audio", credits: 175, units: 10, renders: 2 },
    { key: "kling:1080p:silent", credits: 140, units: 10, renders: 1 },
    { key: "seedream:default:default", credits: 0, units: 2, renders: 1 },
  ]);
});

test("012_notices adds notices (one per crossing key), their dismissals and the webhook outbox", async () => {
  const ledger = await openLedger();
  await migrate(ledger, "010_batch_runs");
  const applied = await migrate(ledger, "012_notices");
  const db = ledger.withTables<{ alert_outbox: AlertOutboxTable }>();
  expect(applied.map((r) => r.migrationName)).toContain("012_notices");
  expect(applied.every((r) => r.status === "Success")).toBe(true);

  const now = new Date().toISOString();
  const notice = {
    id: "ntc_one",
    crossing_key: "member_cap:mem_a:80:2026-11",
    kind: "member_cap",
    threshold: 80,
    member_id: "mem_a",
    member_name: "Ada",
    spent_credits: 80,
    limit_credits: 100,
    balance_credits: null,
    message: "Ada has used 80 % of their monthly cap.",
    created_at: now,
    rearmed_at: null,
  };
  await db.insertInto("notices").values(notice).execute();
  await expect(
    db
      .insertInto("notices")
      .values({ ...notice, id: "ntc_twin" })
      .execute(),
  ).rejects.toThrow();
  expect(await db.selectFrom("notices").select("id").execute()).toEqual([{ id: "ntc_one" }]);

  const dismissal = { notice_id: "ntc_one", owner: "mem_a", dismissed_at: now };
  await db.insertInto("notice_dismissals").values(dismissal).execute();
  await expect(db.insertInto("notice_dismissals").values(dismissal).execute()).rejects.toThrow();

  const delivery = {
    notice_id: "ntc_one",
    body: "{}",
    next_attempt_at: 1,
    queued_at: 1,
    delivered_at: null,
    gave_up_at: null,
    last_error: null,
  };
  await db.insertInto("alert_outbox").values(delivery).execute();
  await expect(db.insertInto("alert_outbox").values(delivery).execute()).rejects.toThrow();
  expect(await db.selectFrom("alert_outbox").selectAll().execute()).toEqual([{ ...delivery, attempts: 0 }]);
});

test("013_approvals adds the approvals, one per create request", async () => {
  const db = await openLedger();
  await migrate(db, "012_notices");
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

test("014_replicas adds each create's owner and each poll's render and answer time, millisecond times whole", async () => {
  const db = await openLedger();
  await migrate(db, "013_approvals");
  const applied = await migrate(db, "014_replicas");
  expect(applied.map((r) => r.migrationName)).toEqual(["014_replicas"]);

  const poll = { polled_at: Date.now() - 500, render_id: "rnd_1", answered_at: Date.now() };
  await db.insertInto("poll_log").values(poll).execute();
  expect(await db.selectFrom("poll_log").selectAll().execute()).toEqual([poll]);
  const columns = (await db.introspection.getTables()).find((t) => t.name === "render_requests")?.columns;
  expect(columns?.find((c) => c.name === "owner")).toMatchObject({ isNullable: true });
});

test("015_sign_in_failures adds the failure counts, millisecond times whole and a key's repeats kept", async () => {
  const db = await openLedger();
  await migrate(db, "014_replicas");
  const applied = await migrate(db, "015_sign_in_failures");
  expect(applied.map((r) => r.migrationName)).toEqual(["015_sign_in_failures"]);

  // Two failures in the same millisecond are two failures; a time past 2^31 ms is kept whole.
  const failure = { key: "email:ada@example.com", failed_at: Date.now(), attempt: "a" };
  await db.insertInto("sign_in_failures").values([failure, failure]).execute();
  expect(await db.selectFrom("sign_in_failures").selectAll().execute()).toEqual([failure, failure]);
});

test("016_people adds sessions and one-time links, each secret's hash once, and members who may be deactivated", async () => {
  const db = await openLedger();
  await migrate(db, "015_sign_in_failures");
  const applied = await migrate(db, "016_people");
  expect(applied.map((r) => r.migrationName)).toEqual(["016_people"]);

  const now = new Date().toISOString();
  const session = {
    id: "ses_1",
    secret_hash: "hash-1",
    member_id: "mem_a",
    created_at: now,
    last_seen_at: now,
    expires_at: now,
    browser: "a browser",
    address: null,
  };
  await db.insertInto("sessions").values(session).execute();
  // Two sessions never share a secret.
  await expect(
    db
      .insertInto("sessions")
      .values({ ...session, id: "ses_2" })
      .execute(),
  ).rejects.toThrow();
  expect(await db.selectFrom("sessions").selectAll().execute()).toEqual([session]);
  const columns = (await db.introspection.getTables()).find((t) => t.name === "members")?.columns;
  expect(columns?.find((c) => c.name === "deactivated_at")).toMatchObject({ isNullable: true });
  const tables = (await db.introspection.getTables()).map((t) => t.name);
  expect(tables).toContain("member_links");
});

test("017_identities adds single sign-on's accounts: one member per account, one account per member and issuer", async () => {
  const db = await openLedger();
  await migrate(db, "016_people");
  const applied = await migrate(db, "017_identities");
  expect(applied.map((r) => r.migrationName)).toEqual(["017_identities"]);

  const now = new Date().toISOString();
  const identity = { issuer: "https://sso.example", subject: "s1", member_id: "mem_a", created_at: now };
  const insert = (row: typeof identity) =>
    db
      .insertInto("identities")
      .values({ ...row, last_sign_in_at: now })
      .execute();
  await insert(identity);
  // The same account again, or a second account of the member at the same issuer.
  await expect(insert({ ...identity, member_id: "mem_b" })).rejects.toThrow();
  await expect(insert({ ...identity, subject: "s2" })).rejects.toThrow();
  // The member's account at another issuer is theirs too.
  await insert({ ...identity, issuer: "https://other.example" });
  expect(
    await db.selectFrom("identities").select("issuer").where("member_id", "=", "mem_a").execute(),
  ).toHaveLength(2);
});

test("018_audit adds the audit log: each row numbered in order, millisecond times whole", async () => {
  const db = await openLedger();
  await migrate(db, "017_identities");
  const applied = await migrate(db, "018_audit");
  expect(applied.map((r) => r.migrationName)).toEqual(["018_audit"]);

  const at = Date.now();
  const entry = { at, kind: "sign_in.failed", email: "ada@example.com", address: "192.0.2.1" };
  await db.insertInto("audit_log").values([entry, entry]).execute();
  const rows = await db.selectFrom("audit_log").select(["seq", "at", "email"]).orderBy("seq").execute();
  expect(rows.map((r) => r.at)).toEqual([at, at]);
  expect(rows[1]!.seq).toBeGreaterThan(rows[0]!.seq);
});

test("021_run_grids keeps an earlier ledger's runs, without a grid, and stores a new run's", async () => {
  const db = await openLedger();
  await migrate(db, "018_audit");
  const now = new Date().toISOString();
  await db.insertInto("runs").values(runRow("run_before", now)).execute();
  const applied = await migrate(db, "021_run_grids");
  expect(applied.map((r) => r.migrationName)).toContain("021_run_grids");
  const grid = JSON.stringify({ axes: [{ key: "seed", values: ["1"] }], cells: [{ x: 0, y: 0 }] });
  await db
    .insertInto("runs")
    .values({ ...runRow("run_after", now), grid })
    .execute();
  expect(await db.selectFrom("runs").select(["id", "grid"]).orderBy("id").execute()).toEqual([
    { id: "run_after", grid },
    { id: "run_before", grid: null },
  ]);
});

test("025_notify counts an earlier ledger's inbox items as sent out, so an upgrade mails nobody their old inbox", async () => {
  const db = await openLedger();
  await migrate(db, "023_outbox");
  const item = (id: string) => ({
    id,
    member_id: "mem_a",
    source_key: `comment:${id}`,
    kind: "mention",
    render_id: null,
    comment_id: null,
    actor: "Ada",
    text: "@A look",
    created_at: new Date().toISOString(),
    read_at: null,
  });
  await db.insertInto("inbox_items").values(item("inb_before")).execute();
  const applied = await migrate(db, "025_notify");
  expect(applied.map((r) => r.migrationName)).toContain("025_notify");
  await db.insertInto("inbox_items").values(item("inb_after")).execute();
  expect(await db.selectFrom("inbox_items").select(["id", "sent_out"]).orderBy("id").execute()).toEqual([
    { id: "inb_after", sent_out: 0 },
    { id: "inb_before", sent_out: 1 },
  ]);
});

test("026_render_families puts every render already there in its family, by the parents it was made from", async () => {
  const db = await openLedger();
  await migrate(db, "023_outbox");
  const now = new Date().toISOString();
  // A root image; a video made from it (a reference); a variation of the video (its settings, with
  // another root's image as a reference too); and a render made from nothing.
  const made = [
    { id: "rnd_root", parents: [] },
    { id: "rnd_other", parents: [] },
    { id: "rnd_video", parents: [["rnd_root", "reference"]] },
    {
      id: "rnd_vary",
      parents: [
        ["rnd_other", "reference"],
        ["rnd_video", "settings"],
      ],
    },
  ] as const;
  for (const [seq, { id, parents }] of made.entries()) {
    const requestId = `req_${id}`;
    await db
      .insertInto("render_requests")
      .values({ ...requestValues(requestId, now), seq: seq + 1 })
      .execute();
    await db
      .insertInto("renders")
      .values(renderValues(id, requestId, seq + 1, now) as never)
      .execute();
    for (const [parent, relation] of parents)
      await db
        .insertInto("render_parents")
        .values({ request_id: requestId, parent_id: parent, relation })
        .execute();
  }
  await migrate(db, "026_render_families");
  const families = await db
    .selectFrom("renders")
    .select(["id", "family_id"])
    .orderBy("request_seq")
    .execute();
  expect(families).toEqual([
    { id: "rnd_root", family_id: "rnd_root" },
    { id: "rnd_other", family_id: "rnd_other" },
    { id: "rnd_video", family_id: "rnd_root" },
    { id: "rnd_vary", family_id: "rnd_root" },
  ]);
});

test("028_list_positions_usage_days gives every set's rows their render's place and sums the renders already there by day", async () => {
  const db = await openLedger();
  await migrate(db, "026_render_families");
  const day = (d: number) => `2026-0${d}-15T12:00:00.000Z`;
  // Two requests, the second a batch of two; two members and no member; a failure refunded.
  const renders = [
    {
      id: "rnd_one",
      seq: 1,
      variant: 0,
      at: day(1),
      member: "mem_a",
      status: "ready",
      charged: 50,
      refunded: 0,
    },
    {
      id: "rnd_two",
      seq: 2,
      variant: 0,
      at: day(2),
      member: "mem_b",
      status: "failed",
      charged: 60,
      refunded: 60,
    },
    {
      id: "rnd_three",
      seq: 2,
      variant: 1,
      at: day(2),
      member: "mem_b",
      status: "ready",
      charged: 0,
      refunded: 0,
    },
    {
      id: "rnd_four",
      seq: 3,
      variant: 0,
      at: day(2),
      member: null,
      status: "ready",
      charged: 10,
      refunded: 0,
    },
  ];
  for (const r of renders) {
    const requestId = `req_${r.seq}`;
    if (r.variant === 0)
      await db
        .insertInto("render_requests")
        .values({ ...requestValues(requestId, r.at), seq: r.seq, credits_charged: r.charged })
        .execute();
    await db
      .insertInto("renders")
      .values({
        ...renderValues(r.id, requestId, r.seq, r.at),
        variant_index: r.variant,
        status: r.status,
        credits_charged: r.charged,
        credits_refunded: r.refunded,
        member_id: r.member,
        member_name: r.member && `Name of ${r.member}`,
        family_id: r.id,
      } as never)
      .execute();
  }
  await db
    .insertInto("boards")
    .values({
      id: "brd_a",
      name: "A",
      name_key: "a",
      description: null,
      member_id: null,
      member_name: null,
      created_at: day(1),
      updated_at: day(1),
    })
    .execute();
  // Rows as a ledger before 028 holds them: no places yet (and a favourite of a render long gone).
  const before = (table: "favourites" | "render_marks" | "board_renders" | "render_tags", rows: object[]) =>
    db
      .insertInto(table)
      .values(rows as never)
      .execute();
  await before("favourites", [
    { owner: "mem_a", render_id: "rnd_three", created_at: day(3) },
    { owner: "mem_a", render_id: "rnd_gone", created_at: day(3) },
  ]);
  await before("render_marks", [
    { owner: "mem_b", render_id: "rnd_one", rating: 4, flag: null, updated_at: day(3) },
  ]);
  await before("board_renders", [
    { board_id: "brd_a", render_id: "rnd_two", added_by_id: null, added_by_name: null, added_at: day(3) },
    { board_id: "brd_a", render_id: "rnd_three", added_by_id: null, added_by_name: null, added_at: day(3) },
  ]);
  await before("render_tags", [{ render_id: "rnd_four", tag: "hero", added_at: day(3) }]);

  await migrate(db, "028_list_positions_usage_days");

  const places = async (table: "favourites" | "render_marks" | "board_renders" | "render_tags") =>
    (await db.selectFrom(table).select(["render_id", "request_seq", "variant_index"]).execute()).sort(
      (a, b) => a.render_id.localeCompare(b.render_id),
    );
  expect(await places("favourites")).toEqual([
    { render_id: "rnd_gone", request_seq: 0, variant_index: 0 },
    { render_id: "rnd_three", request_seq: 2, variant_index: 1 },
  ]);
  expect(await places("render_marks")).toEqual([{ render_id: "rnd_one", request_seq: 1, variant_index: 0 }]);
  expect(await places("board_renders")).toEqual([
    { render_id: "rnd_three", request_seq: 2, variant_index: 1 },
    { render_id: "rnd_two", request_seq: 2, variant_index: 0 },
  ]);
  expect(await places("render_tags")).toEqual([{ render_id: "rnd_four", request_seq: 3, variant_index: 0 }]);
  const year = { from: "2026-01-01", to: "2026-12-31" };
  await expectUsageOfRenders(db, year);
  await expectUsageOfRenders(db, { ...year, memberId: "mem_b" });
  // Kept from then on: a refund and a render taken off the board.
  await db
    .updateTable("renders")
    .set({ credits_refunded: 10, status: "failed" })
    .where("id", "=", "rnd_four")
    .execute();
  await db.deleteFrom("board_renders").where("render_id", "=", "rnd_three").execute();
  await expectUsageOfRenders(db, year);
});

/** A create request as the ledger held it before families (023). */
const requestValues = (id: string, now: string) => ({
  id,
  idempotency_key: null,
  body_hash: `hash_${id}`,
  kind: "image",
  model: "seedream",
  resolution: null,
  prompt: "a harbour",
  params: "{}",
  state: "created",
  response: null,
  error: null,
  batch_id: null,
  credits_charged: 0,
  created_at: now,
  updated_at: now,
  member_id: null,
  member_name: null,
  estimate_credits: null,
  estimate_source: null,
  owner: null,
});

/** A ready render as the ledger held it before families (023). */
const renderValues = (id: string, requestId: string, seq: number, now: string) => ({
  id,
  request_id: requestId,
  request_seq: seq,
  variant_index: 0,
  batch_id: null,
  kind: "image",
  model: "seedream",
  status: "ready",
  render_model: null,
  prompt: "a harbour",
  params: "{}",
  output_url: null,
  error_message: null,
  credits_charged: 0,
  credits_refunded: 0,
  estimate_credits: null,
  estimate_source: null,
  chain_ready: null,
  chain_total: null,
  upstream_created_at: null,
  upstream_updated_at: null,
  created_at: now,
  updated_at: now,
  completed_at: now,
  timing_key: "seedream",
  expected_seconds: 1,
  next_poll_at: null,
  poll_count: 0,
  unchanged_polls: 0,
  error_polls: 0,
  not_found_polls: 0,
  watched_until: null,
  member_id: null,
  member_name: null,
  archived_at: null,
});

test("027_spend_chat moves the webhook's deliveries into the outbox, a pending one to be sent, and makes spend a chosen chat kind", async () => {
  const ledger = await openLedger();
  await migrate(ledger, "026_render_families");
  const db = ledger.withTables<{ alert_outbox: AlertOutboxTable }>();
  const notice = (id: string, crossingKey: string) => ({
    id,
    crossing_key: crossingKey,
    kind: "low_balance",
    threshold: 100,
    member_id: null,
    member_name: null,
    spent_credits: null,
    limit_credits: null,
    balance_credits: 90,
    message: `${id}: the balance is low.`,
    created_at: new Date().toISOString(),
    rearmed_at: null,
  });
  await db
    .insertInto("notices")
    .values([notice("ntc_pending", "low_balance:2"), notice("ntc_sent", "low_balance:1")])
    .execute();
  const body = (id: string) => JSON.stringify({ text: `${id}: the balance is low.`, crossingKey: id });
  const pending = {
    notice_id: "ntc_pending",
    body: body("ntc_pending"),
    attempts: 3,
    next_attempt_at: 5_000,
    queued_at: 1_000,
    delivered_at: null,
    gave_up_at: null,
    last_error: "HTTP 500",
  };
  const sent = {
    ...pending,
    notice_id: "ntc_sent",
    body: body("ntc_sent"),
    attempts: 1,
    delivered_at: 2_000,
  };
  await db.insertInto("alert_outbox").values([pending, sent]).execute();
  await db.insertInto("team_chat_kinds").values({ kind: "decision" }).execute();

  const applied = await migrate(ledger, "027_spend_chat");
  expect(applied.map((r) => r.migrationName)).toEqual(["027_spend_chat"]);
  expect(applied.every((r) => r.status === "Success")).toBe(true);

  const moved = await ledger.selectFrom("outbox").selectAll().orderBy("key").execute();
  const keyOf = (crossingKey: string) => outboxKey(spendEvent(crossingKey), "chat", "team");
  const common = { channel: "chat", recipient: "team", kind: "spend", queued_at: pending.queued_at };
  expect(moved).toEqual([
    {
      ...common,
      key: keyOf("low_balance:1"),
      body: sent.body,
      next_attempt_at: sent.next_attempt_at,
      attempts: sent.attempts,
      sent_at: sent.delivered_at,
      gave_up_at: null,
      last_error: sent.last_error,
    },
    {
      ...common,
      key: keyOf("low_balance:2"),
      body: pending.body,
      next_attempt_at: pending.next_attempt_at,
      attempts: pending.attempts,
      sent_at: null,
      gave_up_at: null,
      last_error: pending.last_error,
    },
  ]);
  // The pending one is the outbox's to send; the old table is gone.
  const { dueOutbox } = await import("@/lib/server/ledger/outbox");
  expect((await dueOutbox(ledger, pending.next_attempt_at, 10)).map((row) => row.key)).toEqual([
    keyOf("low_balance:2"),
  ]);
  await expect(db.selectFrom("alert_outbox").selectAll().execute()).rejects.toThrow();
  expect(
    (await ledger.selectFrom("team_chat_kinds").select("kind").orderBy("kind").execute()).map((r) => r.kind),
  ).toEqual(["decision", "spend"]);
});

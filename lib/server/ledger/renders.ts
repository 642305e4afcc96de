import "server-only";
/**
 * The render ledger: every create request and every render the service made for it. A request's row
 * and a placeholder render are written before the create call, so a crash or timeout mid-create
 * leaves an honest "outcome unknown" entry rather than nothing.
 */
import { sql, type Transaction } from "kysely";
import {
  AppError,
  deactivatedName,
  type CostEstimate,
  type ErrorBody,
  type LedgerRender,
  type MadeBy,
  type RenderListQuery,
} from "@/lib/contract";

import { requestedModel, requestedResolution, type RenderRequest } from "@/lib/domain/render-request";
import { archivedWanted } from "@/lib/domain/archive";
import { normaliseTag } from "@/lib/domain/cull";
import { searchTerms } from "@/lib/domain/prompt-search";
import { rangeEnd, rangeStart, type RenderSort } from "@/lib/domain/render-order";
import type { CreateRenderResponse } from "@/lib/render-api";
import type { Db } from "@/lib/server/db/database";
import type { Database, RenderRequestRow, RenderRow } from "@/lib/server/db/schema";
import { withChanges, type NoteChange } from "./changes";
import { withFavourites } from "./favourites";
import { withMarks } from "./marks";
import { withTags } from "./tags";
import { deactivatedAmong } from "./members";
import { learnFromCharge } from "./rates";
import { afterPosition, decodeCursor, toPage, type KeysetOrder } from "./cursor";
import { firstPromptMatches, promptMatches } from "./prompt-search";
import { reviewOfRow, reviewRanksOf } from "./review-summary";
import { isFamilyCard, withVersions } from "./render-stacks";
import { touchedAt } from "./updated-at";

/**
 * Each sort's keys; a batch's variants always in their order. `credits` reads the create request's
 * charge (a batch's is on the request, not spread over its variants), joined as `request_credits`;
 * `rating` the caller's own marks, joined as `my_marks` (unrated counts as 0). The position (request
 * seq, variant) is read from `at`: the renders, or the set the list walks (ListSet), whose rows carry
 * the same values.
 */
function renderOrder(sort: RenderSort, at: string): KeysetOrder {
  const seq = `${at}.request_seq`;
  const variant = { column: `${at}.variant_index`, direction: "asc" } as const;
  if (sort === "oldest") return [{ column: seq, direction: "asc" }, variant];
  const newest = [{ column: seq, direction: "desc" }, variant] as const;
  if (sort === "credits")
    return [{ column: "render_requests.credits_charged", direction: "desc" }, ...newest];
  if (sort === "rating")
    return [
      { column: "caller_rating", expression: sql`coalesce(my_marks.rating, 0)`, direction: "desc" },
      ...newest,
    ];
  return newest;
}

/**
 * A search's first try reads this many matching requests per render the page asks for: each request
 * has a render or more, so only a page whose renders the other filters mostly drop needs every match.
 */
const MATCHES_WALKED = 4;

/** How many keys each sort's cursor holds (renderOrder's length, wherever the position is read). */
const CURSOR_KEYS: Record<RenderSort, number> = { newest: 2, oldest: 2, credits: 3, rating: 3 };

/**
 * The set a filtered list walks: a board, the caller's favourites, the caller's marks (a rating, a
 * pick or a reject asked for), or a tag, in that order when several are named. Each set's rows carry
 * their render's position (ListPosition) under an index (set, request_seq desc, variant_index), so
 * both databases read a page from the set's index in the list's order and stop there; ordered by the
 * renders' own position instead, they walked every render in order, probing the set, and a sparse
 * set at a million renders walked far (docs/architecture.md, "Finding renders").
 */
type ListSet = "board" | "favourite" | "marks" | "tag";

function listSetOf(query: RenderListQuery): ListSet | undefined {
  if (query.board) return "board";
  if (query.favourite === "true") return "favourite";
  if (query.rating || query.picked === "true" || query.rejected === "true") return "marks";
  if (query.tag) return "tag";
  return undefined;
}

/**
 * The columns toLedgerRender reads. A read that wants only the record selects these rather than the
 * whole row: each column the driver hands back costs, and a row has forty.
 */
export const LEDGER_RENDER_COLUMNS = [
  "id",
  "request_id",
  "batch_id",
  "variant_index",
  "kind",
  "status",
  "model",
  "render_model",
  "prompt",
  "params",
  "output_url",
  "error_message",
  "credits_charged",
  "credits_refunded",
  "chain_total",
  "chain_ready",
  "created_at",
  "updated_at",
  "completed_at",
  "expected_seconds",
  "member_id",
  "member_name",
  "archived_at",
  "review",
  "family_id",
  "estimate_source",
  "estimate_credits",
] as const satisfies readonly (keyof RenderRow)[];

export function toLedgerRender(row: Pick<RenderRow, (typeof LEDGER_RENDER_COLUMNS)[number]>): LedgerRender {
  return {
    id: row.id,
    requestId: row.request_id,
    batchId: row.batch_id,
    variantIndex: row.variant_index,
    kind: row.kind === "video" ? "video" : "image",
    status: row.status,
    model: row.model,
    renderModel: row.render_model,
    prompt: row.prompt,
    params: JSON.parse(row.params) as Record<string, unknown>,
    outputUrl: row.output_url,
    errorMessage: row.error_message,
    creditsCharged: row.credits_charged,
    creditsRefunded: row.credits_refunded,
    chain:
      row.chain_total !== null ? { clipsReady: row.chain_ready ?? 0, clipsTotal: row.chain_total } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    expectedSeconds: row.expected_seconds,
    member: row.member_id ? { id: row.member_id, name: row.member_name ?? "" } : null,
    archivedAt: row.archived_at,
    review: reviewOfRow(row.review),
    familyId: row.family_id ?? row.id,
    estimate:
      row.estimate_source === null
        ? null
        : { credits: row.estimate_credits, source: row.estimate_source as CostEstimate["source"] },
  };
}

export interface BeginRequestInput {
  id: string;
  idempotencyKey: string | null;
  bodyHash: string;
  request: RenderRequest;
  timingKey: string;
  expectedSeconds: number;
  madeBy: MadeBy;
  /** The estimate made before the create, kept beside the charge (a seeded history may have none). */
  estimate?: Pick<CostEstimate, "credits" | "source">;
  /** The process that sends it (lib/server/cluster); null for a request held for approval. */
  owner: string | null;
}

/** Writes the creation intent: the request row and its placeholder render, status `submitting`. */
export async function beginRequest(db: Db, input: BeginRequestInput): Promise<RenderRequestRow> {
  return withChanges(db, (tx, note) => insertRequest(tx, note, input, null));
}

/**
 * Inserts a request row and its placeholder render (whose id is the request's): `submitting`, or
 * with `held` the request `awaiting_approval`, its placeholder saying why (ledger/approvals.ts).
 */
export async function insertRequest(
  tx: Transaction<Database>,
  note: NoteChange,
  input: BeginRequestInput,
  held: { message: string } | null,
): Promise<RenderRequestRow> {
  const now = new Date().toISOString();
  const { request } = input;
  const state = held ? "awaiting_approval" : "submitting";
  const inserted = await tx
    .insertInto("render_requests")
    .values({
      id: input.id,
      idempotency_key: input.idempotencyKey,
      body_hash: input.bodyHash,
      kind: request.kind,
      model: requestedModel(request),
      resolution: requestedResolution(request),
      prompt: request.prompt,
      params: JSON.stringify(request),
      state,
      response: null,
      error: null,
      batch_id: null,
      credits_charged: 0,
      created_at: now,
      updated_at: now,
      member_id: input.madeBy?.id ?? null,
      member_name: input.madeBy?.name ?? null,
      estimate_credits: input.estimate?.credits ?? null,
      estimate_source: input.estimate?.source ?? null,
      owner: held ? null : input.owner,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("renders")
    .values({
      ...renderRow(inserted, { ...input, variantIndex: 0, status: state, now }),
      error_message: held?.message ?? null,
    })
    .execute();
  note("render", input.id);
  return inserted;
}

function renderRow(
  request: RenderRequestRow,
  v: {
    id: string;
    variantIndex: number;
    status: string;
    timingKey: string;
    expectedSeconds: number;
    now: string;
  },
): RenderRow {
  return {
    id: v.id,
    request_id: request.id,
    request_seq: request.seq,
    variant_index: v.variantIndex,
    batch_id: request.batch_id,
    kind: request.kind,
    model: request.model,
    status: v.status,
    render_model: null,
    prompt: request.prompt,
    params: request.params,
    output_url: null,
    error_message: null,
    credits_charged: 0,
    credits_refunded: 0,
    // Like the charge, the estimate is the whole request's, carried by its first render.
    estimate_credits: v.variantIndex === 0 ? request.estimate_credits : null,
    estimate_source: v.variantIndex === 0 ? request.estimate_source : null,
    chain_ready: null,
    chain_total: null,
    upstream_created_at: null,
    upstream_updated_at: null,
    created_at: request.created_at,
    updated_at: v.now,
    completed_at: null,
    timing_key: v.timingKey,
    expected_seconds: v.expectedSeconds,
    next_poll_at: null,
    poll_count: 0,
    unchanged_polls: 0,
    error_polls: 0,
    not_found_polls: 0,
    watched_until: null,
    member_id: request.member_id,
    member_name: request.member_name,
    archived_at: null,
    review: null,
    review_rank: 0,
    family_id: request.family_id ?? v.id,
  };
}

/** Replaces the placeholder with one row per variant the service created. */
export async function completeRequest(
  db: Db,
  requestId: string,
  response: CreateRenderResponse,
  firstPollAt: number,
): Promise<RenderRow[]> {
  const now = new Date().toISOString();
  return withChanges(db, async (tx, note) => {
    const request = await tx
      .updateTable("render_requests")
      .set({
        state: "created",
        // A create marked unknown meanwhile (its process taken for dead) completes all the same.
        error: null,
        response: JSON.stringify(response),
        batch_id: response.batchId,
        credits_charged: response.creditsCharged,
        updated_at: now,
      })
      .where("id", "=", requestId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const placeholder = await tx
      .deleteFrom("renders")
      .where("id", "=", requestId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const rows = response.ids.map((id, variantIndex) => ({
      ...renderRow(request, {
        ...placeholderTiming(placeholder),
        id,
        variantIndex,
        status: response.status,
        now,
      }),
      render_model: response.renderModel,
      credits_charged: variantIndex === 0 ? response.creditsCharged : 0,
      next_poll_at: firstPollAt,
    }));
    await tx
      .insertInto("renders")
      .values(rows)
      .onConflict((c) => c.column("id").doNothing())
      .execute();
    note("render", requestId);
    for (const row of rows) note("render", row.id);
    if (response.creditsCharged > 0) note("spend");
    await learnFromCharge(tx, request, now, note);
    return rows;
  });
}

const placeholderTiming = (row: RenderRow) => ({
  timingKey: row.timing_key,
  expectedSeconds: row.expected_seconds,
});

/**
 * Records a create that did not succeed. `rejected`: the service refused it and nothing exists, so
 * the placeholder goes. `unknown`: it may exist upstream, so the placeholder stays, saying so.
 */
export async function failRequest(
  db: Db,
  requestId: string,
  state: "rejected" | "unknown",
  error: ErrorBody,
): Promise<void> {
  const now = new Date().toISOString();
  await withChanges(db, async (tx, note) => {
    // Only a create still being sent: crash recovery must not overwrite one that just completed.
    const updated = await tx
      .updateTable("render_requests")
      .set({ state, error: JSON.stringify(error), updated_at: now })
      .where("id", "=", requestId)
      .where("state", "=", "submitting")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return;
    note("render", requestId);
    if (state === "rejected") {
      await tx.deleteFrom("renders").where("id", "=", requestId).execute();
    } else {
      await tx
        .updateTable("renders")
        .set({ status: "unknown", error_message: error.error.message, updated_at: touchedAt(now) })
        .where("id", "=", requestId)
        .execute();
    }
  });
}

/**
 * Creates whose process stopped while sending them have an unknown outcome. `aliveMembers` is read
 * after the requests, so a process that began one is in it if it still lives; a request without an
 * owner was begun before owners were recorded, by a process gone since.
 */
export async function markInterruptedRequests(
  db: Db,
  aliveMembers: () => Promise<ReadonlySet<string>>,
): Promise<number> {
  const submitting = await db
    .selectFrom("render_requests")
    .select(["id", "owner"])
    .where("state", "=", "submitting")
    .execute();
  if (submitting.length === 0) return 0;
  const alive = await aliveMembers();
  const interrupted = submitting.filter((r) => r.owner === null || !alive.has(r.owner));
  const error: ErrorBody = {
    error: {
      code: "upstream_timeout",
      message:
        "The dashboard stopped while this render was being submitted; it may or may not have been created.",
    },
  };
  for (const { id } of interrupted) await failRequest(db, id, "unknown", error);
  return interrupted.length;
}

export async function findRequestByIdempotencyKey(
  db: Db,
  key: string,
): Promise<RenderRequestRow | undefined> {
  return db.selectFrom("render_requests").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

export async function rendersOfRequest(db: Db, requestId: string): Promise<RenderRow[]> {
  return db
    .selectFrom("renders")
    .selectAll()
    .where("request_id", "=", requestId)
    .orderBy("variant_index")
    .execute();
}

export async function getRenderRow(db: Db, id: string): Promise<RenderRow | undefined> {
  return db.selectFrom("renders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The ledger records of these renders (those that exist), in no particular order. */
export async function rendersByIds(db: Db, ids: readonly string[]): Promise<LedgerRender[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("renders").selectAll().where("id", "in", ids).execute();
  return withTags(db, await withMakerStates(db, rows.map(toLedgerRender)));
}

/**
 * The renders with the name of each maker who is deactivated now marked so ("Grace (deactivated)"):
 * a render keeps the name it was made under, and says that its maker has left.
 */
export async function withMakerStates(db: Db, renders: LedgerRender[]): Promise<LedgerRender[]> {
  const gone = await deactivatedAmong(
    db,
    renders.flatMap((r) => (r.member ? [r.member.id] : [])),
  );
  if (gone.size === 0) return renders;
  return renders.map((r) =>
    r.member && gone.has(r.member.id)
      ? { ...r, member: { ...r.member, name: deactivatedName(r.member.name) } }
      : r,
  );
}

/** One render's record from its row, its maker marked when deactivated (withMakerStates). */
export async function ledgerRenderOf(db: Db, row: RenderRow): Promise<LedgerRender> {
  const render = toLedgerRender(row);
  return (await withTags(db, await withMakerStates(db, [render])))[0] ?? render;
}

/** At most this many unknown ids are named in a refusal. */
const NAMED_IDS = 10;

/**
 * Checks that the ledger holds all these renders: an id it does not hold refuses the whole request
 * (404, naming up to ten), before anything is done with the others. Reads the ids alone: its callers
 * (a rating, a tag, an archive, a board, a zip) act on the ids, not on the records.
 */
export async function requireRenders(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom("renders").select("id").where("id", "in", ids).execute();
  const known = new Set(found.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const named = unknown.slice(0, NAMED_IDS).join(", ");
  const more = unknown.length > NAMED_IDS ? ` and ${unknown.length - NAMED_IDS} more` : "";
  throw new AppError("not_found", `No render with these ids in the dashboard's history: ${named}${more}.`, {
    field: "ids",
  });
}

/**
 * A cursor names its sort, then the position: one from another sort (or from before sorts existed)
 * is refused rather than read as a position in the wrong order.
 */
const isCursorOf =
  (sort: RenderSort) =>
  (v: unknown): v is [RenderSort, ...number[]] =>
    Array.isArray(v) &&
    v[0] === sort &&
    v.length === CURSOR_KEYS[sort] + 1 &&
    v.slice(1).every((part) => Number.isInteger(part));

/**
 * A page of the gallery as `owner` sees it (favouritesOwner): their favourites filter and the
 * `favourite` flag on each item are theirs.
 */
export async function listRenders(
  db: Db,
  query: RenderListQuery,
  owner: string,
): Promise<{ items: LedgerRender[]; nextCursor: string | null }> {
  const { limit } = query;
  const sort = query.sort ?? "newest";
  const set = listSetOf(query);
  // The marks are joined as my_marks for every list (the rating sort, the caller's flags).
  const order = renderOrder(sort, set === undefined ? "renders" : set === "marks" ? "my_marks" : "list_set");
  let q = db
    .selectFrom("renders")
    .innerJoin("render_requests", "render_requests.id", "renders.request_id")
    .selectAll("renders")
    .select("render_requests.credits_charged as request_credits")
    .leftJoin("render_marks as my_marks", (join) =>
      join.onRef("my_marks.render_id", "=", "renders.id").on("my_marks.owner", "=", owner),
    )
    .select(sql<number>`coalesce(my_marks.rating, 0)`.as("caller_rating"));
  if (query.rating) q = q.where("my_marks.rating", ">=", Number(query.rating));
  if (query.picked === "true") q = q.where("my_marks.flag", "=", "pick");
  if (query.rejected === "true") q = q.where("my_marks.flag", "=", "reject");
  // Hiding rejects keeps renders without marks (a left join's nulls), not only those marked otherwise.
  if (query.rejected === "false")
    q = q.where((eb) => eb.or([eb("my_marks.flag", "is", null), eb("my_marks.flag", "!=", "reject")]));
  const { tag } = query;
  if (tag && set === "tag")
    q = q.$if(true, (qb) =>
      qb.innerJoin("render_tags as list_set", (join) =>
        join.onRef("list_set.render_id", "=", "renders.id").on("list_set.tag", "=", normaliseTag(tag)),
      ),
    );
  else if (tag)
    q = q.where("renders.id", "in", (eb) =>
      eb.selectFrom("render_tags").select("render_id").where("tag", "=", normaliseTag(tag)),
    );
  if (set === "favourite")
    q = q.$if(true, (qb) =>
      qb.innerJoin("favourites as list_set", (join) =>
        join.onRef("list_set.render_id", "=", "renders.id").on("list_set.owner", "=", owner),
      ),
    );
  else if (query.favourite === "true")
    q = q.where("renders.id", "in", (eb) =>
      eb.selectFrom("favourites").select("render_id").where("owner", "=", owner),
    );
  const archived = archivedWanted(query);
  if (archived !== undefined) q = q.where("renders.archived_at", archived === "true" ? "is not" : "is", null);
  if (query.status)
    q = q.where(
      "renders.status",
      "in",
      query.status.split(",").map((s) => s.trim()),
    );
  if (query.kind) q = q.where("renders.kind", "=", query.kind);
  if (query.model) q = q.where("renders.model", "=", query.model);
  if (query.batchId) q = q.where("renders.batch_id", "=", query.batchId);
  const { board } = query;
  if (board)
    q = q.$if(true, (qb) =>
      qb.innerJoin("board_renders as list_set", (join) =>
        join.onRef("list_set.render_id", "=", "renders.id").on("list_set.board_id", "=", board),
      ),
    );
  const { run } = query;
  if (run)
    q = q.where("renders.request_id", "in", (eb) =>
      eb
        .selectFrom("run_rows")
        .select("request_id")
        .where("run_id", "=", run)
        .where("request_id", "is not", null),
    );
  if (query.member) q = q.where("renders.member_id", "=", query.member);
  if (query.review) q = q.where("renders.review_rank", "in", reviewRanksOf(query.review));
  if (query.ids)
    q = q.where(
      "renders.id",
      "in",
      query.ids.split(",").map((s) => s.trim()),
    );
  if (query.family) q = q.where("renders.family_id", "=", query.family);
  if (query.stack === "true") q = q.where(isFamilyCard(db, archived));
  if (query.updatedSince) q = q.where("renders.updated_at", ">=", new Date(query.updatedSince).toISOString());
  const from = query.from && rangeStart(query.from);
  if (from) q = q.where("renders.created_at", ">=", from);
  const to = query.to && rangeEnd(query.to);
  if (to) q = q.where("renders.created_at", "<=", to);
  const [, ...position] = query.cursor ? decodeCursor(query.cursor, isCursorOf(sort)) : [];
  if (query.cursor) q = q.where(afterPosition(order, position));
  for (const key of order) q = q.orderBy(key.expression ?? sql.ref(key.column), key.direction);
  const page = q.limit(limit + 1);
  const terms = searchTerms(query.q);
  // A search in the requests' order first reads the page from the first matches met in that order:
  // when they fill it, no later match can come before them; otherwise every match is read.
  const walk =
    sort === "newest" || sort === "oldest"
      ? firstPromptMatches(db, terms, {
          direction: sort === "newest" ? "desc" : "asc",
          from: position[0],
          count: MATCHES_WALKED * (limit + 1),
        })
      : null;
  const walked = walk && (await page.where(walk).execute());
  const text = promptMatches(db, terms);
  const rows = walked && walked.length > limit ? walked : await (text ? page.where(text) : page).execute();
  const found = toPage(rows, limit, toLedgerRender, (row) => [
    sort,
    ...(sort === "credits" ? [row.request_credits] : []),
    ...(sort === "rating" ? [Number(row.caller_rating)] : []),
    row.request_seq,
    row.variant_index,
  ]);
  const tagged = await withTags(db, await withMakerStates(db, found.items));
  const items = query.stack === "true" ? await withVersions(db, tagged, archived) : tagged;
  return { ...found, items: await withMarks(db, owner, await withFavourites(db, owner, items)) };
}

/**
 * Archives (or brings back) renders, team-wide, in one transaction; each goes through the change
 * log, so every open gallery drops or shows it. Renders already in that state are left as they are.
 * Nothing is removed: spend and caps count archived renders like any other.
 */
export async function setArchived(db: Db, ids: readonly string[], archived: boolean): Promise<void> {
  const now = new Date().toISOString();
  await withChanges(db, async (tx, note) => {
    const changed = await tx
      .updateTable("renders")
      .set({ archived_at: archived ? now : null, updated_at: touchedAt(now) })
      .where("id", "in", ids)
      .where("archived_at", archived ? "is" : "is not", null)
      .returning("id")
      .execute();
    for (const { id } of changed) note("render", id);
  });
}

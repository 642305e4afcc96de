/**
 * Seeds a ledger with a year of a busy team's history, in bulk: members, renders with their create
 * requests, boards, favourites, ratings and picks, tags, comments and review decisions with the
 * summary they leave on the render row, and archived renders. Rows are made in JS from a seeded
 * generator (every run seeds the same history) and written with multi-row INSERTs in large
 * transactions, on SQLite and on PostgreSQL alike through the ledger's own Kysely handle. Each row
 * has the shape the dashboard's writes give it (lib/server/ledger/renders.ts for requests and
 * renders, review-summary.ts for the summary); the derived rows the reads rely on are those the
 * database keeps itself (the prompt search's FTS5 table by its triggers, the pg_trgm index), and
 * history-seed.test.ts reads the result back through the app's list, search and usage functions.
 */
import { sql, type Insertable, type Kysely } from "kysely";
import type { ReviewSummary } from "@/lib/contract";
import { reviewState, type ReviewState } from "@/lib/domain/review";
import { requestedModel, requestedResolution, type RenderRequest } from "@/lib/domain/render-request";
import { dialectOf } from "@/lib/server/db/dialect";
import type { Database } from "@/lib/server/db/schema";

/** The word the text search looks for; about 1 prompt in 100 names it, as a rare subject. */
export const SEARCH_WORD = "lighthouse";
/** The board every run measures: this many renders, spread over the whole year. */
export const BIG_BOARD = { name: "Year in review", renders: 5_000 };
/**
 * The sets the small filters measure (the first of the other boards, the first member's favourites
 * and ratings) hold this many renders spread over the year besides their share of the random ones,
 * at any size: so their first page is full on 10,000 renders as on a million, and the 1M / 10k ratio
 * compares pages of the same size (with a share alone, 10,000 renders left 6 on the board, 12
 * favourites and 12 ratings of 4 or more).
 */
export const MEASURED_SET_RENDERS = 300;
const boardName = (index: number) => `Board ${index + 1}`;
/** The board of the benchmark's small board filter (the one MEASURED_SET_RENDERS adds to). */
export const MEASURED_BOARD_NAME = boardName(0);
const memberEmail = (index: number) => `creative${index + 1}@studio.example`;
/** The member whose favourites and marks the benchmark reads (the one whose favourites and ratings MEASURED_SET_RENDERS adds to). */
export const MEASURED_MEMBER_EMAIL = memberEmail(0);
/** Tags put on renders; the last is rare (about 1 tagged render in 200). */
export const TAGS = ["hero", "social", "print", "draft", "client-a", "client-b", "moodboard", "final"];
export const RARE_TAG = "award";
const MEMBERS = 20;
const OTHER_BOARDS = 30;
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

const WORDS = (
  "harbour dawn desert road forest river portrait neon city night rain snow mountain studio product " +
  "bottle sneaker coffee kitchen garden robot dragon castle ocean wave sunset skyline market street " +
  "vintage film grain cinematic drone aerial macro flower glass metal paper watercolour sketch poster"
).split(" ");
const IMAGE_MODELS = ["seedream", "nano-banana", "nano-banana-pro", "gpt-image-2"] as const;
const VIDEOS = [
  { model: "kling", resolution: "720p", durationSeconds: 5, credits: 50 },
  { model: "kling", resolution: "1080p", durationSeconds: 10, credits: 140 },
  { model: "seedance", resolution: "480p", durationSeconds: 30, credits: 180 },
  { model: "seedance-fast", resolution: "720p", durationSeconds: 10, credits: 60 },
  { model: "veo-3.1-fast", resolution: "720p", durationSeconds: 4, credits: 60 },
  { model: "veo-3.1-lite", resolution: "1080p", durationSeconds: 8, credits: 96 },
] as const;

/** mulberry32: small, fast and deterministic. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const id = (prefix: string) =>
    `${prefix}_${Array.from({ length: 16 }, () => pick([..."abcdefghijklmnopqrstuvwxyz0123456789"])).join("")}`;
  return { next, pick, id };
}
type Random = ReturnType<typeof generator>;

function prompt(random: Random): string {
  const words = Array.from({ length: 5 + Math.floor(random.next() * 5) }, () => random.pick(WORDS));
  if (random.next() < 0.01) words.splice(2, 0, SEARCH_WORD);
  return words.join(" ");
}

function request(random: Random): { request: RenderRequest; credits: number; count: number } {
  if (random.next() < 0.55) {
    const count = random.next() < 0.2 ? 2 + Math.floor(random.next() * 3) : 1;
    const imageRequest: RenderRequest = {
      kind: "image",
      prompt: prompt(random),
      imageModel: random.pick(IMAGE_MODELS),
      imageCount: count,
    };
    return { request: imageRequest, credits: 0, count };
  }
  const { credits, ...video } = random.pick(VIDEOS);
  return { request: { kind: "video", prompt: prompt(random), ...video }, credits, count: 1 };
}

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** The rows of one chunk of requests, written in one transaction. */
interface Chunk {
  requests: Row<"render_requests">[];
  renders: Row<"renders">[];
  boardRenders: Row<"board_renders">[];
  favourites: Row<"favourites">[];
  marks: Row<"render_marks">[];
  tags: Row<"render_tags">[];
  comments: Row<"comments">[];
  decisions: Row<"review_decisions">[];
}

const emptyChunk = (): Chunk => ({
  requests: [],
  renders: [],
  boardRenders: [],
  favourites: [],
  marks: [],
  tags: [],
  comments: [],
  decisions: [],
});

/** What the seeding wrote, for the caller to report. */
export interface SeededHistory {
  renders: number;
  requests: number;
  seconds: number;
}

interface Member {
  id: string;
  name: string;
}

/**
 * Bind parameters per statement stay under SQLite's limit (32,766) and PostgreSQL's (65,535): a
 * statement of rows of `columns` columns carries at most this many.
 */
const MAX_PARAMETERS = 30_000;
/** Requests per transaction: large enough that commits cost nothing, small enough to hold in memory. */
const REQUESTS_PER_CHUNK = 5_000;

async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Row<T>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
  for (let start = 0; start < rows.length; start += perStatement)
    // The table's row type is a union over T here; each call passes rows of T's own table.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + perStatement) as never)
      .execute();
}

/** The review summary refreshReview writes for these comments and decisions (review-summary.ts). */
function summaryOf(
  comments: readonly Row<"comments">[],
  decisions: readonly Row<"review_decisions">[],
): { summary: ReviewSummary; state: ReviewState } {
  const standing = comments.filter((c) => !c.deleted_at);
  const resolved = new Map(comments.map((c) => [c.id, c.resolved_at ?? c.deleted_at ?? null]));
  const records = [...decisions]
    .sort((a, b) =>
      a.decided_at === b.decided_at
        ? a.member_id.localeCompare(b.member_id)
        : a.decided_at < b.decided_at
          ? 1
          : -1,
    )
    .map((d) => ({
      memberId: d.member_id,
      name: d.member_name,
      decision: d.decision === "changes" ? ("changes" as const) : ("approve" as const),
      note: d.note ?? null,
      commentId: d.comment_id ?? null,
      open: d.decision !== "changes" || !(d.comment_id && resolved.get(d.comment_id)),
      at: d.decided_at,
    }));
  const state = reviewState(records, standing.length);
  const openThreads = standing.filter((c) => !c.parent_id && !c.resolved_at).length;
  return { summary: { state, openThreads, comments: standing.length, decisions: records }, state };
}

const REVIEW_RANKS: Record<ReviewState, number> = { none: 0, in_review: 1, changes: 2, approved: 3 };

/** Comments (a thread and perhaps replies, some resolved) and perhaps a decision on one render. */
function review(
  random: Random,
  render: Row<"renders">,
  members: readonly Member[],
  at: number,
  chunk: Chunk,
) {
  const comments: Row<"comments">[] = [];
  const threads = 1 + Math.floor(random.next() * 2);
  for (let t = 0; t < threads; t++) {
    const thread = random.id("cmt");
    const replies = Math.floor(random.next() * 3);
    const resolved = random.next() < 0.4;
    for (let r = 0; r <= replies; r++) {
      const author = random.pick(members);
      const created = new Date(at + (t * 10 + r + 1) * 60_000).toISOString();
      comments.push({
        id: r === 0 ? thread : random.id("cmt"),
        render_id: render.id,
        parent_id: r === 0 ? null : thread,
        author_kind: "member",
        member_id: author.id,
        member_name: author.name,
        share_id: null,
        guest_address: null,
        text: `${random.pick(WORDS)} ${random.pick(WORDS)} could be ${random.pick(WORDS)}`,
        pin: JSON.stringify(
          r === 0 && random.next() < 0.5 ? { kind: "point", x: 0.5, y: 0.25 } : { kind: "render" },
        ),
        created_at: created,
        edited_at: null,
        resolved_at: r === 0 && resolved ? created : null,
        resolved_by_id: r === 0 && resolved ? author.id : null,
        resolved_by_name: r === 0 && resolved ? author.name : null,
        deleted_at: null,
        deleted_by_id: null,
      });
    }
  }
  const decisions: Row<"review_decisions">[] = [];
  if (random.next() < 0.3) {
    const judge = random.pick(members);
    const changes = random.next() < 0.3;
    decisions.push({
      render_id: render.id,
      member_id: judge.id,
      member_name: judge.name,
      decision: changes ? "changes" : "approve",
      note: null,
      comment_id: changes ? (comments[0]?.id ?? null) : null,
      decided_at: new Date(at + 3_600_000).toISOString(),
    });
  }
  const { summary, state } = summaryOf(comments, decisions);
  render.review = JSON.stringify(summary);
  render.review_rank = REVIEW_RANKS[state];
  chunk.comments.push(...comments);
  chunk.decisions.push(...decisions);
}

/** The renders of one request, and the rows that hang off them. */
function addRequest(
  random: Random,
  seq: number,
  made: number,
  renders: number,
  context: {
    members: readonly Member[];
    boards: readonly string[];
    bigBoard: string;
    start: number;
    step: number;
    now: number;
    bigBoardEvery: number;
    measuredSetEvery: number;
  },
  chunk: Chunk,
): number {
  const { members, start, step } = context;
  const { request: body, credits, count } = request(random);
  const variants = Math.min(count, renders);
  const requestBody: RenderRequest =
    variants === count || body.kind !== "image" ? body : { ...body, imageCount: variants };
  const member = random.pick(members);
  const at = Math.min(start + seq * step, context.now - 60_000);
  const created = new Date(at).toISOString();
  const finished = new Date(at + 40_000).toISOString();
  const id = random.id("req");
  // A create whose outcome stayed unknown: its placeholder (the request's own id) is the render.
  const unknown = random.next() < 0.005;
  const ids = unknown ? [id] : Array.from({ length: variants }, () => random.id("rnd"));
  const batchId = ids.length > 1 ? random.id("batch") : null;
  const model = requestedModel(requestBody);
  const params = JSON.stringify(requestBody);
  const charged = unknown ? 0 : credits;
  chunk.requests.push({
    seq,
    id,
    idempotency_key: null,
    body_hash: random.id("hash"),
    kind: requestBody.kind,
    model,
    resolution: requestedResolution(requestBody),
    prompt: requestBody.prompt,
    params,
    state: unknown ? "unknown" : "created",
    response: unknown
      ? null
      : JSON.stringify({
          id: ids[0],
          ids,
          batchId,
          kind: requestBody.kind,
          status: "pending",
          renderModel: model,
          creditsCharged: charged,
        }),
    error: unknown
      ? JSON.stringify({
          error: { code: "upstream_unavailable", message: "The create's outcome is unknown." },
        })
      : null,
    batch_id: batchId,
    credits_charged: charged,
    created_at: created,
    updated_at: created,
    member_id: member.id,
    member_name: member.name,
    estimate_credits: null,
    estimate_source: null,
    owner: null,
  });
  ids.forEach((renderId, variantIndex) => {
    const roll = random.next();
    const status = unknown ? "unknown" : roll < 0.12 ? "failed" : roll < 0.13 ? "lost" : "ready";
    const charge = variantIndex === 0 ? charged : 0;
    const render: Row<"renders"> = {
      id: renderId,
      request_id: id,
      request_seq: seq,
      variant_index: variantIndex,
      batch_id: batchId,
      kind: requestBody.kind,
      model,
      status,
      render_model: unknown ? null : model,
      prompt: requestBody.prompt,
      params,
      output_url:
        status === "ready"
          ? `https://media.example/${renderId}.${requestBody.kind === "image" ? "png" : "webm"}`
          : null,
      error_message:
        status === "failed"
          ? "The render failed."
          : status === "unknown"
            ? "The create's outcome is unknown."
            : null,
      credits_charged: charge,
      credits_refunded: status === "failed" ? charge : 0,
      estimate_credits: null,
      estimate_source: null,
      chain_ready: null,
      chain_total: null,
      upstream_created_at: unknown ? null : created,
      upstream_updated_at: unknown ? null : finished,
      created_at: created,
      updated_at: finished,
      completed_at: status === "ready" || status === "failed" ? finished : null,
      timing_key: `${requestBody.kind}:${model}`,
      expected_seconds: 30,
      next_poll_at: null,
      poll_count: unknown ? 0 : 3,
      unchanged_polls: 0,
      error_polls: 0,
      not_found_polls: status === "lost" ? 2 : 0,
      watched_until: null,
      member_id: member.id,
      member_name: member.name,
      archived_at:
        random.next() < 0.05 ? new Date(Math.min(at + 7 * DAY_MS, context.now)).toISOString() : null,
      review: null,
      review_rank: 0,
    };
    // Every set the render joins carries its place in the list's order, as the ledger's writers copy it.
    const position = { request_seq: seq, variant_index: variantIndex };
    const added = (boardId: string, by = random.pick(members)) => {
      chunk.boardRenders.push({
        board_id: boardId,
        render_id: renderId,
        added_by_id: by.id,
        added_by_name: by.name,
        added_at: finished,
        ...position,
      });
    };
    const index = made + variantIndex;
    const spread = (every: number, count: number) => index % every === 0 && index / every < count;
    if (spread(context.bigBoardEvery, BIG_BOARD.renders)) added(context.bigBoard);
    // The measured sets' spread rows draw nothing from the generator, so the rest of the history is
    // the one seeded without them. The first board and member are MEASURED_BOARD_NAME's and
    // MEASURED_MEMBER_EMAIL's.
    const [measuredBoard] = context.boards;
    const [measuredMember] = members;
    const measured = spread(context.measuredSetEvery, MEASURED_SET_RENDERS);
    if (measured && measuredBoard && measuredMember) {
      added(measuredBoard, measuredMember);
      chunk.favourites.push({
        owner: measuredMember.id,
        render_id: renderId,
        created_at: finished,
        ...position,
      });
      chunk.marks.push({
        owner: measuredMember.id,
        render_id: renderId,
        rating: 5,
        flag: null,
        updated_at: finished,
        ...position,
      });
    }
    if (random.next() < 0.01) added(random.pick(context.boards));
    if (random.next() < 0.03)
      chunk.favourites.push({
        owner: random.pick(members).id,
        render_id: renderId,
        created_at: finished,
        ...position,
      });
    if (random.next() < 0.08) {
      const flagRoll = random.next();
      chunk.marks.push({
        owner: random.pick(members).id,
        render_id: renderId,
        rating: 1 + Math.floor(random.next() * 5),
        flag: flagRoll < 0.3 ? "pick" : flagRoll < 0.4 ? "reject" : null,
        updated_at: finished,
        ...position,
      });
    }
    if (random.next() < 0.06) {
      const first = random.pick(TAGS);
      chunk.tags.push({ render_id: renderId, tag: first, added_at: finished, ...position });
      const second = random.pick(TAGS);
      if (second !== first && random.next() < 0.3)
        chunk.tags.push({ render_id: renderId, tag: second, added_at: finished, ...position });
    }
    if (random.next() < 0.005)
      chunk.tags.push({ render_id: renderId, tag: RARE_TAG, added_at: finished, ...position });
    if (random.next() < 0.01) review(random, render, members, at, chunk);
    chunk.renders.push(render);
  });
  return ids.length;
}

async function writeChunk(db: Kysely<Database>, chunk: Chunk): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await insertRows(tx, "render_requests", chunk.requests);
    await insertRows(tx, "renders", chunk.renders);
    await insertRows(
      tx,
      "board_renders",
      dedupe(chunk.boardRenders, (b) => `${b.board_id} ${b.render_id}`),
    );
    await insertRows(
      tx,
      "favourites",
      dedupe(chunk.favourites, (f) => `${f.owner} ${f.render_id}`),
    );
    await insertRows(
      tx,
      "render_marks",
      dedupe(chunk.marks, (m) => `${m.owner} ${m.render_id}`),
    );
    await insertRows(
      tx,
      "render_tags",
      dedupe(chunk.tags, (t) => `${t.render_id} ${t.tag}`),
    );
    await insertRows(tx, "comments", chunk.comments);
    await insertRows(tx, "review_decisions", chunk.decisions);
  });
}

/** Rows keyed as their table's primary key is, the first of each key kept (as the app's writes keep one). */
function dedupe<T>(rows: readonly T[], key: (row: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const row of rows) if (!seen.has(key(row))) seen.set(key(row), row);
  return [...seen.values()];
}

/**
 * Writes `renders` renders (and their requests and the rest) into a freshly migrated, empty ledger,
 * dated over the year before `now`, newest last as the app writes them.
 */
export async function seedHistory(
  db: Kysely<Database>,
  renders: number,
  now = Date.now(),
): Promise<SeededHistory> {
  const started = performance.now();
  const postgres = dialectOf(db) === "postgres";
  // A throwaway file: durability per statement and a journal would only make seeding slow. The
  // server that later opens the copy switches it back to WAL.
  if (!postgres) {
    await sql`PRAGMA synchronous = OFF`.execute(db);
    await sql`PRAGMA journal_mode = OFF`.execute(db);
  }
  const random = generator(20_260_101);
  const createdAt = new Date(now - YEAR_MS).toISOString();
  const members: Member[] = Array.from({ length: MEMBERS }, (_, i) => ({
    id: random.id("mem"),
    name: `Creative ${i + 1}`,
  }));
  await insertRows(
    db,
    "members",
    members.map((m, i) => ({
      id: m.id,
      email: memberEmail(i),
      name: m.name,
      role: i === 0 ? "admin" : "member",
      // No password matches it: nobody signs in to a seeded ledger.
      password_hash: "seeded",
      session_version: 1,
      monthly_cap_credits: null,
      created_at: createdAt,
      deactivated_at: null,
    })),
  );
  const boardRow = (name: string) => {
    const maker = random.pick(members);
    return {
      id: random.id("brd"),
      name,
      name_key: name.toLowerCase(),
      description: null,
      created_at: createdAt,
      updated_at: createdAt,
      member_id: maker.id,
      member_name: maker.name,
    };
  };
  const bigBoard = boardRow(BIG_BOARD.name);
  const boards = Array.from({ length: OTHER_BOARDS }, (_, i) => boardRow(boardName(i)));
  await insertRows(db, "boards", [bigBoard, ...boards]);

  // 1.22 renders a request on average (a fifth of the images are batches of 2 to 4): spread over a
  // little more than that many requests, the year ends a few days before `now`, never after it.
  const expectedRequests = Math.ceil(renders / 1.2);
  const context = {
    members,
    boards: boards.map((b) => b.id),
    bigBoard: bigBoard.id,
    start: now - YEAR_MS,
    step: YEAR_MS / expectedRequests,
    now,
    bigBoardEvery: Math.max(1, Math.floor(renders / BIG_BOARD.renders)),
    measuredSetEvery: Math.max(1, Math.floor(renders / MEASURED_SET_RENDERS)),
  };
  let made = 0;
  let seq = 0;
  let chunk = emptyChunk();
  while (made < renders) {
    seq += 1;
    made += addRequest(random, seq, made, renders - made, context, chunk);
    if (chunk.requests.length >= REQUESTS_PER_CHUNK) {
      await writeChunk(db, chunk);
      chunk = emptyChunk();
    }
  }
  await writeChunk(db, chunk);
  if (postgres) {
    // Seq was given explicitly: the identity goes on after it, as if the app had drawn each one.
    await sql`select setval(pg_get_serial_sequence('render_requests', 'seq'), ${seq})`.execute(db);
    // The statistics autovacuum would gather a little later; SQLite's ledger is never analysed by the
    // app, so the seeded file is not either (its plans are those a real ledger gets).
    await sql`analyze`.execute(db);
  }
  return { renders: made, requests: seq, seconds: (performance.now() - started) / 1000 };
}

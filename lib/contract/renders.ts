/** Renders: the ledger's record of each, lists of them, creating one and its cost (docs/api.md). */
import { z } from "zod/mini";
import { RENDER_KINDS } from "@/lib/domain/catalogue";
import { renderRequestSchema, type RenderRequest } from "@/lib/domain/render-request";
import { RENDER_ID_PATTERN } from "@/lib/domain/ids";
import {
  chainProgressSchema as chainRecordSchema,
  createRenderResponseSchema,
  renderRecordSchema,
} from "@/lib/domain/service-records";
import { RENDER_PAGE_SIZE } from "@/lib/domain/statuses";
import { RENDER_SORTS, rangeEnd, rangeStart } from "@/lib/domain/render-order";
import { BOARD_ID_PATTERN } from "@/lib/domain/boards";
import { CULL_FLAGS, RATINGS } from "@/lib/domain/cull";
import { searchText, singleLineText } from "@/lib/domain/text";
import { reviewFilterSchema, reviewSummarySchema } from "./review";
import { runIdSchema } from "./runs";
import { madeBySchema } from "./team";
import { pageLimitSchema, pageOf } from "./pages";

/** `POST /api/renders` takes the render request as the service does (spec §4.2), validated first. */
export { renderRequestSchema, type RenderRequest };

/** Stitching progress of a long seedance render, as the service reports it (spec §2.3). */
export const chainProgressSchema = z.object(chainRecordSchema.shape);
export type ChainProgress = z.infer<typeof chainProgressSchema>;

/**
 * Where an estimate comes from: an admin's override or the env card (`rate-card`), the rates learned
 * from the service's charges (`history`), the plan including the render (`plan`), or nowhere yet
 * (`none`, credits null).
 */
export const estimateSourceSchema = z.enum(["rate-card", "history", "plan", "none"]);
export type EstimateSource = z.infer<typeof estimateSourceSchema>;

/** A member's rating of a render, 1 to 5. */
export const ratingSchema = z
  .number({ error: "rating must be a whole number from 1 to 5, or null" })
  .check(
    z.int({ error: "rating must be a whole number from 1 to 5, or null" }),
    z.minimum(1, { error: "rating must be from 1 to 5, or null" }),
    z.maximum(5, { error: "rating must be from 1 to 5, or null" }),
  );
/** A member's pick or reject of a render. */
export const cullFlagSchema = z.enum(CULL_FLAGS, { error: "flag must be 'pick', 'reject' or null" });

/**
 * A render as the ledger knows it: the service's record (spec §2.3, documented fields only) as last
 * polled, plus what the dashboard adds. `id` is the service's render id, or for
 * `submitting`/`unknown`/`rejected` rows the dashboard's request id; `status` is one of
 * lib/domain/statuses.ts or any other string the service sends.
 */
export const ledgerRenderSchema = z.object({
  ...renderRecordSchema.shape,
  /** The service's resolved model and resolution label; null until the create call answers. */
  renderModel: z.nullable(z.string()),
  chain: z.nullable(chainProgressSchema),
  /** The dashboard's id of the create request this render came from (shared by a batch's variants). */
  requestId: z.string(),
  batchId: z.nullable(z.string()),
  /** 0-based position of this variant in its batch. */
  variantIndex: z.number().check(z.int()),
  /** The model id requested (`imageModel` or `model`, defaults applied). */
  model: z.string(),
  prompt: z.string(),
  /** The render request as sent (spec §4.2 field names). */
  params: z.record(z.string(), z.unknown()),
  /** Credits debited for this create request (shared by a batch: counted on its first variant only). */
  creditsCharged: z.number().check(z.int()),
  /** When the ledger first saw the render ready or failed. */
  completedAt: z.nullable(z.string()),
  /** Expected seconds from creation to completion (learned, or the typical time until then). */
  expectedSeconds: z.number(),
  member: madeBySchema,
  /** When the render was archived (team-wide: hidden from the default gallery); null when it is not. */
  archivedAt: z.nullable(z.string()),
  /**
   * The estimate made when it was started, beside `creditsCharged` (on the first variant, as the
   * charge is); null on renders started before estimates were kept, and on a batch's other variants.
   */
  estimate: z.nullable(
    z.object({ credits: z.nullable(z.number().check(z.int())), source: estimateSourceSchema }),
  ),
  /**
   * Whether the caller has starred it. Favourites are per member, so only answers to the caller
   * (lists, a render, a toggle) carry it; the live stream's shared record does not (docs/architecture.md).
   */
  favourite: z.optional(z.boolean()),
  /**
   * Its family (docs/architecture.md, "Iterating on outputs"): the renders whose settings it reused
   * or whose output it took as a reference, and the renders made from it, oldest first. Lists and a
   * render carry them; the live stream's record does not.
   */
  parentIds: z.optional(z.array(z.string())),
  childIds: z.optional(z.array(z.string())),
  /** The id of its family's first render: every version made from it, and from those, shares it. */
  familyId: z.optional(z.string()),
  /** In a list with `stack=true`: how many renders its family holds (this one included). */
  versions: z.optional(z.number().check(z.int())),
  /** The caller's rating and pick or reject; per member like `favourite`, so only answers to the caller carry them. */
  rating: z.optional(z.nullable(ratingSchema)),
  flag: z.optional(z.nullable(cullFlagSchema)),
  /** The team's tags on it, sorted. */
  tags: z.optional(z.array(z.string())),
  /** Its review at a glance (state, open threads, who decided); lists and a render's page carry it. */
  review: z.optional(reviewSummarySchema),
});
export type LedgerRender = z.infer<typeof ledgerRenderSchema>;

export const renderListSchema = pageOf(ledgerRenderSchema);
export type RenderList = z.infer<typeof renderListSchema>;

/** An optional one-line text parameter `field` of at most `max` characters. */
const optionalText = (field: string, max: number) =>
  z.optional(z.string().check(z.maxLength(max), singleLineText(field)));

/** A day (`2026-05-01`) or an instant with its offset (ISO 8601): a bound of a date range. */
export const dateRangeBound = (name: "from" | "to") =>
  z.optional(
    z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${name} must be an ISO 8601 date (2026-05-01) or date and time`,
    }),
  );

/** A board id, in a path or the `board` filter. */
export const boardIdSchema = z
  .string()
  .check(z.regex(BOARD_ID_PATTERN, { error: "board must be a board id." }));

/**
 * The filters a list of renders and a zip of them share (docs/api.md). `from`/`to` bound when it
 * was requested, both ends included (a day runs to its last millisecond, UTC).
 */
export const renderFilterFields = {
  status: optionalText("status", 40),
  kind: z.optional(z.enum(RENDER_KINDS, { error: "kind must be one of 'image', 'video'" })),
  model: optionalText("model", 60),
  /**
   * Prompt text: every word found in the prompt, anywhere, any case, accents ignored. Control
   * characters are dropped (lib/domain/text.ts).
   */
  q: z.optional(searchText("q", 200)),
  batchId: optionalText("batchId", 200),
  /** The renders on this board, whatever their archive state; an unknown board lists none. */
  board: z.optional(boardIdSchema),
  /** The renders of this batch run, whatever their archive state; an unknown run lists none. */
  run: z.optional(runIdSchema),
  /** A member id: their renders only ("mine" is the caller's own id). */
  member: optionalText("member", 100),
  /** Only renders the caller rated at least this (1 to 5). */
  rating: z.optional(
    z.enum(RATINGS.map(String) as [string, ...string[]], { error: "rating must be one of 1, 2, 3, 4, 5" }),
  ),
  /** `true`: only the caller's picks. */
  picked: z.optional(z.enum(["true"], { error: "picked must be 'true'" })),
  /** `false`: leave out the caller's rejects; `true`: only them. */
  rejected: z.optional(z.enum(["true", "false"], { error: "rejected must be 'true' or 'false'" })),
  /** Only renders with this team tag (normalised as tags are). */
  tag: optionalText("tag", 128),
  /** `true`: only the caller's favourites. */
  favourite: z.optional(z.enum(["true"], { error: "favourite must be 'true'" })),
  /**
   * `true`: only archived renders; `false`: only the others. Omitted: the others, unless `ids` names
   * renders, `batchId` a batch, `board` a board or `run` a run, which are then listed whatever their state
   * (lib/domain/archive.ts).
   */
  archived: z.optional(z.enum(["true", "false"], { error: "archived must be 'true' or 'false'" })),
  from: dateRangeBound("from"),
  to: dateRangeBound("to"),
  /** Review state: `needs` (no decision yet), `changes` (changes requested) or `approved`. */
  review: z.optional(reviewFilterSchema),
  sort: z.optional(z.enum(RENDER_SORTS, { error: `sort must be one of ${RENDER_SORTS.join(", ")}` })),
};

/** A range that ends before it starts is refused, naming `to`. */
export const dateRangeCheck = z.refine<{ from?: string; to?: string }>(
  (value) =>
    value.from === undefined ||
    value.to === undefined ||
    (rangeStart(value.from) ?? "") <= (rangeEnd(value.to) ?? ""),
  { error: "to must not be before from", path: ["to"] },
);

/** Query parameters of `GET /api/renders`. */
export const renderListQuerySchema = z
  .object({
    ...renderFilterFields,
    /** Comma-separated render ids. */
    ids: optionalText("ids", 4000),
    /**
     * Only renders whose ledger record changed at or after this instant (ISO 8601, the server's
     * `updatedAt` clock): the live stream's catch-up after a gap longer than its replay buffer.
     */
    updatedSince: z.optional(
      z.iso.datetime({ offset: true, error: "updatedSince must be an ISO 8601 date and time" }),
    ),
    /** `true`: one render per family, its approved one or else its newest, with its family's `versions`. */
    stack: z.optional(z.enum(["true"], { error: "stack must be 'true'" })),
    /** A family's id (`familyId`): only its renders, the versions a stacked card holds. */
    family: optionalText("family", 200),
    cursor: optionalText("cursor", 200),
    limit: z._default(pageLimitSchema, RENDER_PAGE_SIZE),
  })
  .check(dateRangeCheck);
export type RenderListQuery = z.infer<typeof renderListQuerySchema>;

/** `POST /api/renders` answers 202 with the service's create response and the ledger's rows. */
export const createRenderResultSchema = z.object({
  /** The service's create response (spec §2.2), documented fields only. */
  ...createRenderResponseSchema.shape,
  /** The dashboard's id of this create request. */
  requestId: z.string(),
  renders: z.array(ledgerRenderSchema),
});
export type CreateRenderResult = z.infer<typeof createRenderResultSchema>;

/** `GET /api/estimate`: the cost of a render before it is started. */
export const costEstimateSchema = z.object({
  /** Whole credits, rounded up; null when the cost is unknown. */
  credits: z.nullable(z.number().check(z.int())),
  source: estimateSourceSchema,
  /**
   * Where the number comes from, in words: "from the rate card, 14 credits per s", "learned from 3
   * renders", "included in your plan", "unknown until the first render of this kind".
   */
  basis: z.string(),
  /** How many charges taught the rate (`history`); null for the other sources. */
  renders: z.nullable(z.number().check(z.int())),
});
export type CostEstimate = z.infer<typeof costEstimateSchema>;

/**
 * Query of `GET /api/estimate`: the render request's fields as text (query strings carry text);
 * numbers and booleans are converted before the request schema checks them.
 */
export const estimateQuerySchema = z.pipe(
  z.pipe(
    z.record(z.string(), z.string()),
    z.transform((query: Record<string, string>) => ({
      ...query,
      prompt: "cost estimate",
      ...(query.durationSeconds !== undefined && { durationSeconds: Number(query.durationSeconds) }),
      ...(query.imageCount !== undefined && { imageCount: Number(query.imageCount) }),
      ...(query.generateAudio !== undefined && { generateAudio: query.generateAudio === "true" }),
    })),
  ),
  renderRequestSchema,
);

/**
 * `POST /api/renders/{id}/watch`: someone has the render open. Until `watchedUntil` the scheduler
 * polls it ahead of the queue, at least every 10 s; null when it is no longer polled (final, or an
 * unknown outcome).
 */
export const renderWatchSchema = z.object({ watchedUntil: z.nullable(z.string()) });
export type RenderWatch = z.infer<typeof renderWatchSchema>;

/** A render id (in a path, a query or a body). */
export const renderIdSchema = z
  .string()
  .check(z.regex(RENDER_ID_PATTERN, { error: "id must be a render id (letters, digits, - and _)." }));

/** Path of `GET /api/renders/{id}`, `POST /api/renders/{id}/watch` and `PUT|DELETE …/favourite`. */
export const renderIdParamsSchema = z.object({ id: renderIdSchema });

/** `PUT`/`DELETE /api/renders/{id}/favourite` answer with the caller's flag as it now is. */
export const favouriteStateSchema = z.object({ id: z.string(), favourite: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

/** The most renders one archive request moves (a gallery selection's worth). */
export const ARCHIVE_MAX_RENDERS = 500;

/** `POST /api/renders/archive`: archive (or bring back) these renders, all or none. */
export const archiveRequestSchema = z.object({
  ids: z.array(renderIdSchema).check(
    z.minLength(1, { error: "ids must name at least one render" }),
    z.maxLength(ARCHIVE_MAX_RENDERS, {
      error: `ids may name at most ${ARCHIVE_MAX_RENDERS} renders`,
    }),
  ),
  archived: z.boolean({ error: "archived must be true or false" }),
});
export type ArchiveRequest = z.infer<typeof archiveRequestSchema>;

/** What an archive request changed: the renders as they now are. */
export const archiveResultSchema = z.object({ items: z.array(ledgerRenderSchema) });
export type ArchiveResult = z.infer<typeof archiveResultSchema>;

/**
 * `POST /api/renders`'s `Idempotency-Key` header, optional: printable ASCII, so it is stored and
 * compared as sent, and short enough to index.
 */
export const idempotencyKeySchema = z.optional(
  z
    .string()
    .check(
      z.regex(/^[\x21-\x7e]{1,200}$/, { error: "Idempotency-Key must be 1 to 200 printable characters." }),
    ),
);

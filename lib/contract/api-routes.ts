/**
 * The one map of the dashboard's HTTP API: every route and method, who may call it, the schemas of
 * its path, query and body, what it answers and the error codes it may answer with beyond the ones
 * every route shares. Each route handler takes its entry (`apiRoute(API_ROUTES["GET /api/renders"],
 * …)`), so the inputs it validates are the ones the OpenAPI document (`GET /api/openapi.json`,
 * lib/server/openapi) describes. A new route is one entry here and a route file that uses it.
 *
 * Not exported from the contract's index: the browser, which loads the index on demand, never needs it.
 */
import { z } from "zod/mini";
import { RENDER_KINDS } from "@/lib/domain/catalogue";
import { imageRenderRequestSchema, videoRenderRequestSchema } from "@/lib/domain/render-request";
import { RUN_MAX_BODY_BYTES } from "@/lib/domain/runs";
import { UPLOAD_KINDS } from "@/lib/domain/uploads";
import { teamNameSchema } from "./names";
import { accountSchema } from "./account";
import {
  approvalDecisionBodySchema,
  approvalIdParamsSchema,
  approvalListSchema,
  approvalSchema,
  approvalStartedSchema,
  createRenderAnswerSchema,
} from "./approvals";
import {
  boardCreateSchema,
  boardDeletedSchema,
  boardIdParamsSchema,
  boardListQuerySchema,
  boardListSchema,
  boardRendersRequestSchema,
  boardRendersResultSchema,
  boardSchema,
  boardUpdateSchema,
} from "./boards";
import { zipSelectionSchema } from "./downloads";
import { usageQuerySchema, usageSchema } from "./usage";
import { noticeDismissedSchema, noticeIdParamsSchema, noticeListSchema } from "./notices";
import {
  runCreateSchema,
  runDetailSchema,
  runEstimateRequestSchema,
  runEstimateSchema,
  runIdParamsSchema,
  runListSchema,
} from "./runs";
import {
  apiTokenCreateSchema,
  apiTokenCreatedSchema,
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  apiTokenRevokedSchema,
} from "./tokens";
import type { ErrorCode } from "./errors";
import { eventsQuerySchema, liveEventSchema } from "./events";
import { healthSchema, publicHealthSchema } from "./health";
import {
  presetCreateSchema,
  presetDeletedSchema,
  presetIdParamsSchema,
  presetListSchema,
  presetRenameSchema,
  presetSchema,
  recentPromptsQuerySchema,
  recentPromptsSchema,
} from "./presets";
import {
  archiveRequestSchema,
  archiveResultSchema,
  costEstimateSchema,
  estimateQuerySchema,
  favouriteStateSchema,
  ledgerRenderSchema,
  renderIdParamsSchema,
  renderListQuerySchema,
  renderListSchema,
  renderRequestSchema,
  renderWatchSchema,
} from "./renders";
import {
  shareCreateSchema,
  shareCreatedSchema,
  shareIdParamsSchema,
  shareListQuerySchema,
  shareListSchema,
  shareRevokedSchema,
} from "./shares";
import {
  memberIdParamsSchema,
  memberListSchema,
  memberNameListSchema,
  memberPatchSchema,
  memberSpendSchema,
  sessionInfoSchema,
  signInResultSchema,
  signInSchema,
  signOutResultSchema,
  teamSettingsSchema,
  teamSettingsPatchSchema,
} from "./team";
import { ledgerUploadSchema, uploadListQuerySchema, uploadListSchema } from "./uploads";
import { limitsPatchSchema, teamLimitsSchema } from "./limits";
import { rateCardSchema, rateOverrideSchema } from "./rates";

export const API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/** Who may call: anyone, any signed-in member (or anyone while sign-in is off), admins only. */
export type Access = "public" | "member" | "admin";

/** A response that is not JSON: a file, a zip or a live stream. */
export type MediaAnswer = "application/octet-stream" | "application/zip" | "text/event-stream";

export interface ApiRouteEntry {
  /** One line: what the route does. */
  summary: string;
  /** More, where a caller needs it (Markdown). */
  description?: string;
  /** The group the reference lists it under. */
  tag: string;
  access: Access;
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  /** The body may also come as a urlencoded form (lib/server/http/route.ts). */
  formBody?: boolean;
  /** A browser session only: an API token is refused (403), so a leaked token cannot make another. */
  sessionOnly?: boolean;
  /** The largest body it takes, when larger than every route's 64 KB (a run's 500 rows). */
  maxBodyBytes?: number;
  /** A refusal names the whole path of the field at fault (`rows.3.durationSeconds`), not its last key. */
  fullFieldPath?: boolean;
  /**
   * What the document shows for an input whose schema transforms it: zod's JSON Schema describes a
   * transform's input only up to the transform, so the accepted shape is declared beside it.
   */
  documented?: { query?: z.core.$ZodType; body?: z.core.$ZodType };
  /** A multipart body the handler streams itself: its text fields (in order) and its file field. */
  multipart?: { fields: z.core.$ZodType; file: string };
  /** Request headers the route reads. */
  headers?: readonly { name: string; description: string }[];
  /** The success answer: JSON of `schema`, or a media type (a stream's events in `schema`). */
  success: { status: number; description: string; schema?: z.core.$ZodType; media?: MediaAnswer };
  /** Answers that are neither the success nor the error shape (health's 503). */
  otherAnswers?: readonly { status: number; description: string; schema?: z.core.$ZodType }[];
  /** Error codes beyond those every route of its kind shares (access, input, setup: the generator adds those). */
  errors?: readonly ErrorCode[];
}

/** What a route that calls the Render Service may answer when the service fails or refuses. */
const UPSTREAM: readonly ErrorCode[] = [
  "service_key_rejected",
  "service_plan_required",
  "rate_limited",
  "upstream_error",
  "upstream_unavailable",
  "upstream_timeout",
];

const uploadFieldsSchema = z.object({ kind: z.enum(UPLOAD_KINDS) });

/** `GET /api/health` answers either, by the caller's role, with 200 or 503. */
const healthAnswerSchema = z.union([healthSchema, publicHealthSchema]);

/*
 * Inputs whose contract schemas check them through a transform, whose input zod's JSON Schema
 * cannot describe: the shapes they accept, for the document only (never loaded by a page).
 */

/** A request schema's fields a query string can carry: all but the prompt and the reference lists. */
const queryableFields = (shape: Record<string, z.core.SomeType>) =>
  Object.fromEntries(
    Object.entries(shape).filter(([name]) => name !== "prompt" && !name.startsWith("reference")),
  );

/** What `GET /api/estimate` accepts: the request's fields as text values. */
const estimateQueryFieldsSchema = z.object({
  ...queryableFields(imageRenderRequestSchema.shape),
  ...queryableFields(videoRenderRequestSchema.shape),
  kind: z.enum(RENDER_KINDS),
});

/** What `POST /api/presets` accepts: a name and a render request, its prompt optional. */
const presetCreateInputSchema = z.union([
  z.object({
    name: teamNameSchema,
    ...imageRenderRequestSchema.shape,
    prompt: z.optional(imageRenderRequestSchema.shape.prompt),
  }),
  z.object({
    name: teamNameSchema,
    ...videoRenderRequestSchema.shape,
    prompt: z.optional(videoRenderRequestSchema.shape.prompt),
  }),
]);

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  description:
    "1 to 200 printable ASCII characters. The same key with the same body replays the first answer; with another body it is refused (409).",
};

export const API_ROUTES = {
  "GET /api/openapi.json": {
    summary: "This API's OpenAPI document",
    description: "Generated from the contract's schemas. Public: it describes routes, never data.",
    tag: "Docs",
    access: "public",
    headers: [{ name: "If-None-Match", description: "The ETag of a copy held: 304 while it is current." }],
    success: {
      status: 200,
      description: "An OpenAPI 3.1 document.",
      schema: z.record(z.string(), z.unknown()),
    },
    otherAnswers: [{ status: 304, description: "The copy held is current." }],
  },
  "GET /api/auth/session": {
    summary: "Whether sign-in is on, and who is signed in",
    tag: "Team",
    access: "public",
    success: { status: 200, description: "The caller's session.", schema: sessionInfoSchema },
  },
  "POST /api/auth/sign-in": {
    summary: "Sign in with email and password",
    description: "Sets the session cookie. Failed attempts are throttled per address and email (429).",
    tag: "Team",
    access: "public",
    body: signInSchema,
    success: {
      status: 200,
      description: "Signed in; the session cookie is set.",
      schema: signInResultSchema,
    },
    errors: ["unauthenticated", "rate_limited", "not_found"],
  },
  "POST /api/auth/sign-out": {
    summary: "Sign out",
    tag: "Team",
    access: "public",
    success: { status: 200, description: "The session cookie is cleared.", schema: signOutResultSchema },
  },
  "GET /api/members": {
    summary: "Every member with this month's spend",
    tag: "Team",
    access: "admin",
    success: { status: 200, description: "The team.", schema: memberListSchema },
  },
  "GET /api/members/names": {
    summary: "Every member's name",
    tag: "Team",
    access: "member",
    success: { status: 200, description: "Ids and names only.", schema: memberNameListSchema },
  },
  "POST /api/members/{id}": {
    summary: "Change a member's role or monthly cap",
    tag: "Team",
    access: "admin",
    params: memberIdParamsSchema,
    body: memberPatchSchema,
    success: { status: 200, description: "The member as now set.", schema: memberSpendSchema },
    errors: ["not_found"],
  },
  "GET /api/team": {
    summary: "The team's spending rules: default cap, budget, confirmation, alerts and approvals",
    tag: "Team",
    access: "admin",
    success: { status: 200, description: "The team's settings.", schema: teamSettingsSchema },
  },
  "GET /api/approvals": {
    summary: "Renders waiting for an admin's approval, oldest first",
    tag: "Approvals",
    access: "admin",
    success: { status: 200, description: "The renders waiting.", schema: approvalListSchema },
  },
  "POST /api/approvals/{id}/approve": {
    summary: "Approve a waiting render: it is sent to the service, once (spends credits)",
    description:
      "The member's cap is checked again first. Of two decisions at once exactly one goes through; the other answers 409 approval_decided.",
    tag: "Approvals",
    access: "admin",
    params: approvalIdParamsSchema,
    body: approvalDecisionBodySchema,
    success: { status: 200, description: "Approved and started.", schema: approvalStartedSchema },
    errors: ["not_found", "approval_decided", "insufficient_credits", "member_cap_reached", ...UPSTREAM],
  },
  "POST /api/approvals/{id}/decline": {
    summary: "Decline a waiting render, with an optional note for the member; it is never sent",
    tag: "Approvals",
    access: "admin",
    params: approvalIdParamsSchema,
    body: approvalDecisionBodySchema,
    success: { status: 200, description: "Declined.", schema: approvalSchema },
    errors: ["not_found", "approval_decided"],
  },
  "POST /api/team": {
    summary: "Change some of the team's spending rules",
    tag: "Team",
    access: "admin",
    body: teamSettingsPatchSchema,
    success: { status: 200, description: "The settings as now set.", schema: teamSettingsSchema },
  },
  "GET /api/team/limits": {
    summary: "The team's limits on what members make: each one's value and default",
    tag: "Team",
    access: "admin",
    success: { status: 200, description: "The limits and their defaults.", schema: teamLimitsSchema },
  },
  "POST /api/team/limits": {
    summary: "Change some of the team's limits on what members make (null: back to the default)",
    tag: "Team",
    access: "admin",
    body: limitsPatchSchema,
    success: { status: 200, description: "The limits as now set.", schema: teamLimitsSchema },
  },
  "GET /api/account": {
    summary: "The Render Service account: balance and plan",
    tag: "Account",
    access: "member",
    success: { status: 200, description: "The service's account record.", schema: accountSchema },
    errors: UPSTREAM,
  },
  "GET /api/usage": {
    summary: "Spend per UTC day, model and member, with caps, boards and the balance's forecast",
    description:
      "Admins (everyone while sign-in is off) get the team's spend and the forecast; a member gets their own spend.",
    tag: "Account",
    access: "member",
    query: usageQuerySchema,
    success: { status: 200, description: "The range's spend.", schema: usageSchema },
  },
  "GET /api/notices": {
    summary: "The caller's spend notices: caps, budget and balance alerts not dismissed",
    description:
      "A member gets the notices of their own cap; admins (everyone while sign-in is off) get every notice. Newest first, at most 50.",
    tag: "Account",
    access: "member",
    success: { status: 200, description: "The notices.", schema: noticeListSchema },
  },
  "POST /api/notices/{id}/dismiss": {
    summary: "Dismiss a notice for the caller",
    description: "Others who read it keep it. A notice the caller may not read answers 404.",
    tag: "Account",
    access: "member",
    params: noticeIdParamsSchema,
    success: { status: 200, description: "Dismissed.", schema: noticeDismissedSchema },
    errors: ["not_found"],
  },
  "GET /api/runs": {
    summary: "The team's latest 100 batch runs, newest first",
    tag: "Batch runs",
    access: "member",
    success: { status: 200, description: "The runs with their counts.", schema: runListSchema },
  },
  "POST /api/runs": {
    summary: "Start a batch run: up to 500 render requests, each sent once (spends credits)",
    description:
      "Every row is checked before anything is stored; a bad cell answers 422 naming it as `rows.<index>.<field>`. The rows are then sent a few at a time, each under its own idempotency key.",
    tag: "Batch runs",
    access: "member",
    body: runCreateSchema,
    maxBodyBytes: RUN_MAX_BODY_BYTES,
    fullFieldPath: true,
    success: { status: 201, description: "The run and its rows.", schema: runDetailSchema },
    errors: ["limit_reached", "rate_limited"],
  },
  "POST /api/runs/estimate": {
    summary: "Price a batch run's rows before starting it",
    tag: "Batch runs",
    access: "member",
    body: runEstimateRequestSchema,
    maxBodyBytes: RUN_MAX_BODY_BYTES,
    fullFieldPath: true,
    success: { status: 200, description: "Each row's estimate and the total.", schema: runEstimateSchema },
  },
  "GET /api/runs/{id}": {
    summary: "A batch run's progress and its rows",
    tag: "Batch runs",
    access: "member",
    params: runIdParamsSchema,
    success: { status: 200, description: "The run and its rows.", schema: runDetailSchema },
    errors: ["not_found"],
  },
  "POST /api/runs/{id}/cancel": {
    summary: "Cancel a batch run: rows not yet sent are never sent",
    tag: "Batch runs",
    access: "member",
    params: runIdParamsSchema,
    success: { status: 200, description: "The run as it now is.", schema: runDetailSchema },
    errors: ["not_found", "run_ended"],
  },
  "GET /api/tokens": {
    summary: "The caller's API tokens (an admin's: everyone's)",
    description:
      "Name, scope, created, last used and expiry; never the token itself. 404 while sign-in is off.",
    tag: "API tokens",
    access: "member",
    success: { status: 200, description: "The tokens.", schema: apiTokenListSchema },
    errors: ["not_found"],
  },
  "POST /api/tokens": {
    summary: "Make a personal API token",
    description:
      "The token is in this answer only; the dashboard keeps a hash of it. Needs a signed-in browser session.",
    tag: "API tokens",
    access: "member",
    sessionOnly: true,
    body: apiTokenCreateSchema,
    success: {
      status: 201,
      description: "The token, shown once, and its record.",
      schema: apiTokenCreatedSchema,
    },
    errors: ["not_found", "limit_reached", "rate_limited"],
  },
  "DELETE /api/tokens/{id}": {
    summary: "Revoke an API token (the owner's, or any for an admin)",
    description: "The next request with it answers 401.",
    tag: "API tokens",
    access: "member",
    params: apiTokenIdParamsSchema,
    success: { status: 200, description: "Revoked.", schema: apiTokenRevokedSchema },
    errors: ["not_found"],
  },
  "GET /api/health": {
    summary: "Readiness, with details for admins",
    description:
      "Anyone gets `{ status }`; admins (everyone while sign-in is off) get the ledger's, scheduler's and service's state.",
    tag: "Account",
    access: "public",
    success: { status: 200, description: "Ready.", schema: healthAnswerSchema },
    otherAnswers: [{ status: 503, description: "Not ready.", schema: healthAnswerSchema }],
  },
  "GET /api/estimate": {
    summary: "The cost of a render before it is started",
    description: "The render request's fields (without `prompt`) as query parameters.",
    tag: "Renders",
    access: "member",
    query: estimateQuerySchema,
    documented: { query: estimateQueryFieldsSchema },
    success: { status: 200, description: "The estimate.", schema: costEstimateSchema },
    errors: UPSTREAM,
  },
  "GET /api/rates": {
    summary: "The rate card: every price key's learned, card and override rates",
    description:
      "A rate is credits per output second (video) or per image. Estimates use the override, else the env `RATE_CARD`, else the learned rate.",
    tag: "Rates",
    access: "admin",
    success: { status: 200, description: "The rate card.", schema: rateCardSchema },
  },
  "POST /api/rates": {
    summary: "Set or clear the override rate of one price key",
    tag: "Rates",
    access: "admin",
    body: rateOverrideSchema,
    success: { status: 200, description: "The rate card as it now is.", schema: rateCardSchema },
    errors: ["not_found"],
  },
  "GET /api/renders": {
    summary: "List renders, filtered and sorted",
    tag: "Renders",
    access: "member",
    query: renderListQuerySchema,
    success: {
      status: 200,
      description: "A page of renders and the next page's cursor.",
      schema: renderListSchema,
    },
  },
  "POST /api/renders": {
    summary: "Start a render (spends credits)",
    description:
      "Validated before anything is sent; the create is written to the ledger first and sent to the service once.",
    tag: "Renders",
    access: "member",
    body: renderRequestSchema,
    headers: [IDEMPOTENCY_KEY],
    success: {
      status: 202,
      description:
        "Accepted by the service; or, for a member's render the team's approval rule holds, waiting for an admin (state awaiting_approval: nothing sent, nothing charged).",
      schema: createRenderAnswerSchema,
    },
    errors: [
      "idempotency_conflict",
      "approval_decided",
      "insufficient_credits",
      "member_cap_reached",
      "team_budget_reached",
      "limit_reached",
      ...UPSTREAM,
    ],
  },
  "GET /api/renders/{id}": {
    summary: "One render; opening it watches it",
    tag: "Renders",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "The render.", schema: ledgerRenderSchema },
    errors: ["not_found"],
  },
  "POST /api/renders/{id}/watch": {
    summary: "Keep an open render polled ahead of the queue",
    tag: "Renders",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "Until when it is watched.", schema: renderWatchSchema },
    errors: ["not_found"],
  },
  "PUT /api/renders/{id}/favourite": {
    summary: "Star a render for the caller",
    tag: "Renders",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "The caller's flag.", schema: favouriteStateSchema },
    errors: ["not_found"],
  },
  "DELETE /api/renders/{id}/favourite": {
    summary: "Unstar a render for the caller",
    tag: "Renders",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "The caller's flag.", schema: favouriteStateSchema },
    errors: ["not_found"],
  },
  "POST /api/renders/archive": {
    summary: "Archive renders, or bring them back (all or none)",
    tag: "Renders",
    access: "member",
    body: archiveRequestSchema,
    success: { status: 200, description: "The renders as they now are.", schema: archiveResultSchema },
    errors: ["not_found"],
  },
  "GET /api/renders/{id}/file": {
    summary: "A render's output as a file",
    tag: "Downloads",
    access: "member",
    params: renderIdParamsSchema,
    success: {
      status: 200,
      description: "The output, streamed as an attachment.",
      media: "application/octet-stream",
    },
    errors: ["not_found", "render_not_ready", "output_unavailable", ...UPSTREAM],
  },
  "GET /api/renders/zip": {
    summary: "A zip of renders: by ids, batch or the list's filters",
    tag: "Downloads",
    access: "member",
    query: zipSelectionSchema,
    success: { status: 200, description: "The zip, streamed as it is built.", media: "application/zip" },
    errors: ["not_found", "too_many_renders", "output_unavailable", ...UPSTREAM],
  },
  "POST /api/renders/zip": {
    summary: "A zip of renders, the selection sent as JSON or a form",
    tag: "Downloads",
    access: "member",
    body: zipSelectionSchema,
    formBody: true,
    success: { status: 200, description: "The zip, streamed as it is built.", media: "application/zip" },
    errors: ["not_found", "too_many_renders", "output_unavailable", ...UPSTREAM],
  },
  "GET /api/events": {
    summary: "Live updates as server-sent events",
    description:
      "Each event's `data` is one `LiveEvent` (components); its `id` resumes the stream through `Last-Event-ID`.",
    tag: "Live",
    access: "member",
    query: eventsQuerySchema,
    headers: [{ name: "Last-Event-ID", description: "The last event id seen: the stream resumes after it." }],
    success: {
      status: 200,
      description: "A stream that stays open.",
      media: "text/event-stream",
      schema: liveEventSchema,
    },
  },
  "GET /api/uploads": {
    summary: "The reference library, newest first",
    tag: "Uploads",
    access: "member",
    query: uploadListQuerySchema,
    success: { status: 200, description: "A page of uploads.", schema: uploadListSchema },
  },
  "POST /api/uploads": {
    summary: "Upload a reference image, video or audio file",
    description: "Multipart, `kind` before `file`; streamed to the service as it arrives.",
    tag: "Uploads",
    access: "member",
    multipart: { fields: uploadFieldsSchema, file: "file" },
    success: { status: 201, description: "The upload record.", schema: ledgerUploadSchema },
    errors: ["invalid_request", "payload_too_large", "unsupported_media_type", ...UPSTREAM],
  },
  "GET /api/presets": {
    summary: "The team's presets by name",
    tag: "Presets",
    access: "member",
    success: { status: 200, description: "Every preset.", schema: presetListSchema },
  },
  "POST /api/presets": {
    summary: "Save a preset: a name and a render request, prompt optional",
    tag: "Presets",
    access: "member",
    body: presetCreateSchema,
    documented: { body: presetCreateInputSchema },
    success: { status: 201, description: "The preset.", schema: presetSchema },
    errors: ["name_taken", "limit_reached", "rate_limited"],
  },
  "PATCH /api/presets/{id}": {
    summary: "Rename a preset",
    tag: "Presets",
    access: "member",
    params: presetIdParamsSchema,
    body: presetRenameSchema,
    success: { status: 200, description: "The preset.", schema: presetSchema },
    errors: ["forbidden", "not_found", "name_taken"],
  },
  "DELETE /api/presets/{id}": {
    summary: "Delete a preset",
    tag: "Presets",
    access: "member",
    params: presetIdParamsSchema,
    success: { status: 200, description: "Deleted.", schema: presetDeletedSchema },
    errors: ["forbidden", "not_found"],
  },
  "GET /api/prompts/recent": {
    summary: "The caller's recent distinct prompts",
    tag: "Presets",
    access: "member",
    query: recentPromptsQuerySchema,
    success: { status: 200, description: "Newest use first.", schema: recentPromptsSchema },
  },
  "GET /api/boards": {
    summary: "The team's boards by name",
    tag: "Boards",
    access: "member",
    query: boardListQuerySchema,
    success: { status: 200, description: "Every board.", schema: boardListSchema },
  },
  "POST /api/boards": {
    summary: "Make a board",
    tag: "Boards",
    access: "member",
    body: boardCreateSchema,
    success: { status: 201, description: "The board.", schema: boardSchema },
    errors: ["name_taken", "limit_reached", "rate_limited"],
  },
  "GET /api/boards/{id}": {
    summary: "One board",
    tag: "Boards",
    access: "member",
    params: boardIdParamsSchema,
    success: { status: 200, description: "The board.", schema: boardSchema },
    errors: ["not_found"],
  },
  "PATCH /api/boards/{id}": {
    summary: "Rename a board or change its description",
    tag: "Boards",
    access: "member",
    params: boardIdParamsSchema,
    body: boardUpdateSchema,
    success: { status: 200, description: "The board.", schema: boardSchema },
    errors: ["forbidden", "not_found", "name_taken"],
  },
  "DELETE /api/boards/{id}": {
    summary: "Delete a board (its renders stay)",
    tag: "Boards",
    access: "member",
    params: boardIdParamsSchema,
    success: { status: 200, description: "Deleted.", schema: boardDeletedSchema },
    errors: ["forbidden", "not_found"],
  },
  "POST /api/boards/{id}/renders": {
    summary: "Add renders to a board or take them off (all or none)",
    tag: "Boards",
    access: "member",
    params: boardIdParamsSchema,
    body: boardRendersRequestSchema,
    success: {
      status: 200,
      description: "The board and how many renders changed.",
      schema: boardRendersResultSchema,
    },
    errors: ["not_found"],
  },
  "GET /api/shares": {
    summary: "Share links the caller may see",
    tag: "Shares",
    access: "member",
    query: shareListQuerySchema,
    success: { status: 200, description: "Newest first.", schema: shareListSchema },
  },
  "POST /api/shares": {
    summary: "Make a share link for a render or a board",
    description: "The answer's `path` holds the token; it is given this once.",
    tag: "Shares",
    access: "member",
    body: shareCreateSchema,
    success: { status: 201, description: "The link.", schema: shareCreatedSchema },
    errors: ["not_found", "render_not_ready", "limit_reached", "rate_limited"],
  },
  "DELETE /api/shares/{id}": {
    summary: "Revoke a share link",
    tag: "Shares",
    access: "member",
    params: shareIdParamsSchema,
    success: { status: 200, description: "Revoked.", schema: shareRevokedSchema },
    errors: ["forbidden", "not_found"],
  },
} satisfies Record<`${ApiMethod} /api/${string}`, ApiRouteEntry>;

export type ApiRouteKey = keyof typeof API_ROUTES;

/** Every entry of the map as a list, with its method and its path in OpenAPI's style (`/api/renders/{id}`). */
export function apiRouteList(): { method: ApiMethod; path: string; entry: ApiRouteEntry }[] {
  return Object.entries(API_ROUTES).map(([key, entry]: [string, ApiRouteEntry]) => {
    const [method, path] = key.split(" ") as [ApiMethod, string];
    return { method, path, entry };
  });
}

/** Limits of batch runs, for the contract, the file preview and the runner alike. */
import type { RenderRequest } from "./render-request";

/** The most rows one run takes (one file's worth). */
export const RUN_MAX_ROWS = 500;
/** A run's name, at most this long; a run without one is named after its file or its time. */
export const RUN_NAME_MAX_CHARS = 120;
/** A run id (`run_…`): anything else is refused before the ledger is asked. */
export const RUN_ID_PATTERN = /^run_[A-Za-z0-9_-]{1,64}$/;

/**
 * What became of a row: `queued` (not sent yet), `sending` (its create is under way), `created`
 * (the service accepted it; its renders are not all finished), `ready` and `failed` (finished; a
 * row the service or a cap refused is failed too), `cancelled` (never sent), `unknown` (the create
 * was under way when the dashboard stopped: it may or may not exist, and is not sent again).
 */
export const RUN_ROW_STATES = [
  "queued",
  "sending",
  "created",
  "ready",
  "failed",
  "cancelled",
  "unknown",
] as const;
export type RunRowState = (typeof RUN_ROW_STATES)[number];

/** `running` until every row has finished; `cancelled` by a member or by a refusal that stops it. */
export const RUN_STATES = ["running", "done", "cancelled"] as const;
export type RunState = (typeof RUN_STATES)[number];

/**
 * How many renders a row asks for: an image row's `imageCount` variants (one when it gives none, as
 * the service does), one for a video. A run's words count renders by this and rows as rows.
 */
export const rendersAsked = (request: RenderRequest): number =>
  request.kind === "image" ? (request.imageCount ?? 1) : 1;

/** Row states after which a row never changes again. */
export function isFinalRowState(state: RunRowState): boolean {
  return state === "ready" || state === "failed" || state === "cancelled" || state === "unknown";
}

/**
 * Body limit of `POST /api/runs` (and its estimate): 500 rows of a full prompt (8,000 characters,
 * up to 3 bytes each in UTF-8) with their settings; every other route keeps the 64 KB default.
 */
export const RUN_MAX_BODY_BYTES = 13 * 1024 * 1024;

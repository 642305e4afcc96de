/**
 * The dashboard's one error shape: `{"error":{"code","message","field"?,"retryAfterSeconds"?}}`.
 *
 * Thrown on the server as `AppError`, written by the route wrapper, and rebuilt as the same class by
 * the browser fetcher, so both sides branch on `code` and never on message text.
 */
import { isErrorOfShape } from "@/lib/domain/error-shape";
// Type only: the class stays free of zod, so the browser can throw and recognise errors without it.
import type { ErrorBody } from "./error-body";

/** Every code the dashboard's API answers with, and its HTTP status. */
export const ERROR_STATUS = {
  invalid_request: 422,
  unauthenticated: 401,
  forbidden: 403,
  /** An API token whose scope does not allow the request (a `read` token asked to change something). */
  insufficient_scope: 403,
  /** The member's monthly credit cap would be passed; nothing was sent upstream. */
  member_cap_reached: 403,
  /** The team's monthly credit budget would be passed; nothing was sent upstream. */
  team_budget_reached: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  /** A name another item of the team already has, in any case (a preset's); `field` names it. */
  name_taken: 409,
  /** A download of a render that has no output (not finished, failed). */
  render_not_ready: 409,
  /** Cancelling a batch run that has already ended or been cancelled. */
  run_ended: 409,
  /** Approving or declining a render another decision got to first (or replaying a declined one's key). */
  approval_decided: 409,
  /** Deactivating, or taking the admin role from, the team's last active admin. */
  last_admin: 409,
  /** An invite or password-reset link that was used, revoked or has expired. */
  link_unusable: 410,
  /** A zip would hold more renders than one zip may (ZIP_MAX_RENDERS): narrow the selection. */
  too_many_renders: 422,
  /**
   * A team limit on what members make is reached (lib/domain/limits.ts): the message names it and
   * what to do; nothing was made.
   */
  limit_reached: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  insufficient_credits: 402,
  /** Too many at once: the service's fair use, failed sign-ins, or a team limit's rate; `retryAfterSeconds` says when. */
  rate_limited: 429,
  /** The Render Service refused the server's API key (missing, malformed or revoked). */
  service_key_rejected: 401,
  /** The server's API key belongs to a Free-plan account. */
  service_plan_required: 403,
  upstream_error: 502,
  /** The service no longer serves a render's output (its media URL answers 404 or another error). */
  output_unavailable: 502,
  upstream_unavailable: 503,
  /** The server has no Render Service address or key yet: every page shows the setup page. */
  not_configured: 503,
  upstream_timeout: 504,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  field?: string;
  retryAfterSeconds?: number;
  /** Overrides the status of the code (used when rebuilding an error from a response). */
  status?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field?: string;
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode | (string & {}), message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code as ErrorCode] ?? 500;
    if (options.field !== undefined) this.field = options.field;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field !== undefined && { field: this.field }),
        ...(this.retryAfterSeconds !== undefined && { retryAfterSeconds: this.retryAfterSeconds }),
      },
    };
  }
}

/** By class, or by shape across Next's separately built bundles (lib/domain/error-shape.ts). */
export function isAppError(value: unknown): value is AppError {
  return isErrorOfShape(value, AppError, "AppError", {
    code: "string",
    status: "number",
    toBody: "function",
  });
}

import "server-only";
/**
 * Turns a Render Service failure into the dashboard's error shape. The service's own messages are
 * passed on only where they help the user fix a request (422 names a field); key and plan problems
 * are reworded to say what an admin must do, since users of the dashboard do not hold the key.
 */
import { AppError, isAppError, type ErrorCode } from "@/lib/contract";
import { isRenderServiceError, type RenderServiceError } from "@/lib/render-api";

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (!isRenderServiceError(error)) {
    return new AppError("internal_error", "Something went wrong in the dashboard server.", { cause: error });
  }
  return fromRenderServiceError(error);
}

const TIMED_OUT = ["upstream_timeout", "The Render Service did not answer in time."] as const;
const NO_CREDITS = ["insufficient_credits", "Not enough render credits for this render."] as const;

/** The dashboard's code and wording for each status the service may answer with. */
const BY_STATUS: Record<number, readonly [ErrorCode, string]> = {
  401: [
    "service_key_rejected",
    "The Render Service rejected the dashboard's API key. An admin must set a valid RENDER_API_KEY.",
  ],
  402: NO_CREDITS,
  403: [
    "service_plan_required",
    "The dashboard's API key belongs to a Free-plan account. An admin must move the account to a paid plan.",
  ],
  404: ["not_found", "The Render Service does not know this render."],
  408: TIMED_OUT,
  413: ["payload_too_large", "The file is larger than the Render Service accepts."],
  429: ["rate_limited", "The Render Service asked to slow down. Try again shortly."],
  503: ["upstream_unavailable", "The Render Service is unavailable. Try again shortly."],
  504: TIMED_OUT,
};

/** Decided by HTTP status, which the spec fixes; the service's own codes are not all documented. */
function fromRenderServiceError(error: RenderServiceError): AppError {
  const cause = error;
  const retry = error.retryAfterSeconds;
  if (error.status === 0) {
    return error.code === "timeout"
      ? new AppError(...TIMED_OUT, { cause })
      : new AppError("upstream_unavailable", "The Render Service cannot be reached.", { cause });
  }
  // A 422 names the field at fault: the service's own message helps the user fix the request.
  if (error.status === 422) {
    return new AppError("invalid_request", error.message, {
      cause,
      ...(error.field !== undefined && { field: error.field }),
    });
  }
  const known = BY_STATUS[error.status] ?? (error.code === "insufficient_credits" ? NO_CREDITS : undefined);
  if (!known)
    return new AppError("upstream_error", `The Render Service failed (HTTP ${error.status}).`, { cause });
  // A 429 always says when to retry (the spec sends Retry-After); a 503 only when the service said.
  const retryAfterSeconds = error.status === 429 ? (retry ?? 5) : retry;
  return new AppError(...known, {
    cause,
    ...(retryAfterSeconds !== undefined &&
      (error.status === 429 || error.status === 503) && { retryAfterSeconds }),
  });
}

import "server-only";
/**
 * Turns a Render Service failure into the dashboard's error shape. The service's own messages are
 * passed on only where they help the user fix a request (422 names a field); key and plan problems
 * are reworded to say what an admin must do, since users of the dashboard do not hold the key.
 */
import { AppError, isAppError } from "@/lib/contract/errors";
import { isRenderServiceError, type RenderServiceError } from "@/lib/render-api";

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (!isRenderServiceError(error)) {
    return new AppError("internal_error", "Something went wrong in the dashboard server.", { cause: error });
  }
  return fromRenderServiceError(error);
}

/** Decided by HTTP status, which the spec fixes; the service's own codes are not all documented. */
function fromRenderServiceError(error: RenderServiceError): AppError {
  const cause = error;
  const retry = error.retryAfterSeconds;
  switch (error.status) {
    case 0:
      return error.code === "timeout"
        ? new AppError("upstream_timeout", "The Render Service did not answer in time.", { cause })
        : new AppError("upstream_unavailable", "The Render Service cannot be reached.", { cause });
    case 401:
      return new AppError(
        "service_key_rejected",
        "The Render Service rejected the dashboard's API key. An admin must set a valid RENDER_API_KEY.",
        { cause },
      );
    case 402:
      return new AppError("insufficient_credits", "Not enough render credits for this render.", { cause });
    case 403:
      return new AppError(
        "service_plan_required",
        "The dashboard's API key belongs to a Free-plan account. An admin must move the account to a paid plan.",
        { cause },
      );
    case 404:
      return new AppError("not_found", "The Render Service does not know this render.", { cause });
    case 408:
    case 504:
      return new AppError("upstream_timeout", "The Render Service did not answer in time.", { cause });
    case 413:
      return new AppError("payload_too_large", "The file is larger than the Render Service accepts.", {
        cause,
      });
    case 422:
      return new AppError("invalid_request", error.message, {
        cause,
        ...(error.field !== undefined && { field: error.field }),
      });
    case 429:
      return new AppError("rate_limited", "The Render Service asked to slow down. Try again shortly.", {
        cause,
        retryAfterSeconds: retry ?? 5,
      });
    case 503:
      return new AppError("upstream_unavailable", "The Render Service is unavailable. Try again shortly.", {
        cause,
        ...(retry !== undefined && { retryAfterSeconds: retry }),
      });
  }
  if (error.code === "insufficient_credits") {
    return new AppError("insufficient_credits", "Not enough render credits for this render.", { cause });
  }
  return new AppError("upstream_error", `The Render Service failed (HTTP ${error.status}).`, { cause });
}

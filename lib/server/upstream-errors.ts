import "server-only";
/**
 * Turns a Render Service failure into the dashboard's error shape. The service's own messages are
 * passed on only where they help the user fix a request (422 names a field); key and plan problems
 * are reworded to say what an admin must do, since users of the dashboard do not hold the key.
 */
import { AppError, isAppError } from "../errors";
import { isRenderServiceError, type RenderServiceError } from "../render-api";

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (!isRenderServiceError(error)) {
    return new AppError("internal_error", "Something went wrong in the dashboard server.", { cause: error });
  }
  return fromRenderServiceError(error);
}

function fromRenderServiceError(error: RenderServiceError): AppError {
  const cause = error;
  const retry = error.retryAfterSeconds;
  switch (error.code) {
    case "unauthorized":
      return new AppError(
        "service_key_rejected",
        "The Render Service rejected the dashboard's API key. An admin must set a valid RENDER_API_KEY.",
        { cause },
      );
    case "plan_required":
      return new AppError(
        "service_plan_required",
        "The dashboard's API key belongs to a Free-plan account. An admin must move the account to a paid plan.",
        { cause },
      );
    case "insufficient_credits":
      return new AppError("insufficient_credits", "Not enough render credits for this render.", { cause });
    case "rate_limited":
      return new AppError("rate_limited", "The Render Service asked to slow down. Try again shortly.", {
        cause,
        retryAfterSeconds: retry ?? 5,
      });
    case "payload_too_large":
      return new AppError("payload_too_large", "The file is larger than the Render Service accepts.", { cause });
    case "timeout":
      return new AppError("upstream_timeout", "The Render Service did not answer in time.", { cause });
    case "network_error":
      return new AppError("upstream_unavailable", "The Render Service cannot be reached.", { cause });
  }
  if (error.status === 404) return new AppError("not_found", "The Render Service does not know this render.", { cause });
  if (error.status === 422 || error.code === "invalid_request") {
    return new AppError("invalid_request", error.message, {
      cause,
      ...(error.field !== undefined && { field: error.field }),
    });
  }
  if (error.status === 503) {
    return new AppError("upstream_unavailable", "The Render Service is unavailable. Try again shortly.", {
      cause,
      ...(retry !== undefined && { retryAfterSeconds: retry }),
    });
  }
  return new AppError("upstream_error", `The Render Service failed (HTTP ${error.status || "none"}).`, { cause });
}

/**
 * The client's one error type, and how an HTTP error response of the Render Service becomes one.
 *
 * The spec leaves the error body's shape open (§7), so `errorFromResponse` reads whatever arrives
 * (nested or flat JSON, text, an HTML page from a proxy, nothing) and always yields the same fields.
 * Callers branch on `code` and `status`, never on message text.
 */
import "server-only";
import { isErrorOfShape } from "@/lib/domain/error-shape";
import { describeErrorBody, readBodyText } from "./error-body";
import { findRequestField } from "./request-fields";
import { parseRetryAfter } from "./retry-after";

/** Codes this client derives when the service's body names none (an upstream code wins when present). */
export type DerivedErrorCode =
  | "unauthorized"
  | "plan_required"
  | "not_found"
  | "invalid_request"
  | "rate_limited"
  | "insufficient_credits"
  | "payload_too_large"
  | "server_error"
  | "timeout"
  | "network_error"
  | "invalid_response"
  /** The caller's own AbortSignal ended the call. */
  | "aborted";

export interface RenderServiceErrorInit {
  status: number;
  code: DerivedErrorCode | (string & {});
  message: string;
  field?: string;
  retryAfterSeconds?: number;
  mayHaveReachedService: boolean;
  cause?: unknown;
}

export class RenderServiceError extends Error {
  /** HTTP status of the service's answer; 0 when none arrived (network failure, timeout, abort, local check). */
  readonly status: number;
  readonly code: string;
  /** The render request field a 422 concerns, when the service named one. */
  readonly field?: string;
  /** Seconds the service asked to wait (429 and 503 with `Retry-After`). */
  readonly retryAfterSeconds?: number;
  /**
   * False only when the request provably never left this process (connect refused, DNS failure, a
   * local check): then it certainly had no effect. True for every answer and for failures after
   * connecting. Whether a create took effect: see `mayHaveTakenEffect`.
   */
  readonly mayHaveReachedService: boolean;

  constructor(init: RenderServiceErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "RenderServiceError";
    this.status = init.status;
    this.code = init.code;
    if (init.field !== undefined) this.field = init.field;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    this.mayHaveReachedService = init.mayHaveReachedService;
  }
}

/** By class, or by shape across Next's separately built bundles (lib/domain/error-shape.ts). */
export function isRenderServiceError(value: unknown): value is RenderServiceError {
  return isErrorOfShape(value, RenderServiceError, "RenderServiceError", {
    status: "number",
    code: "string",
    mayHaveReachedService: "boolean",
  });
}

/**
 * Whether the failed request may nonetheless have taken effect upstream (a render created, credits
 * debited): what the ledger needs to choose between "rejected" and "unknown". A 4xx answer is a
 * refusal (the spec's 429 comes "instead of a charge"); a 5xx, a 2xx whose body was unreadable, or no
 * answer at all after the request left leaves the outcome open.
 */
export function mayHaveTakenEffect(error: RenderServiceError): boolean {
  if (!error.mayHaveReachedService) return false;
  return error.status === 0 || error.status < 400 || error.status >= 500;
}

/** Error bodies are read only this far: a proxy's HTML page needs no more to be described. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

function codeForStatus(status: number): DerivedErrorCode {
  switch (status) {
    case 401:
      return "unauthorized";
    case 402:
      return "insufficient_credits";
    case 403:
      // The only 403 the spec describes (§5.6): a valid key of a free-plan account.
      return "plan_required";
    case 404:
      return "not_found";
    case 408:
      return "timeout";
    case 413:
      return "payload_too_large";
    case 429:
      return "rate_limited";
  }
  if (status >= 500) return "server_error";
  if (status >= 400) return "invalid_request";
  // A redirect or informational status where an answer was expected.
  return "invalid_response";
}

/** Builds the error from any failed HTTP response, whatever its body. Consumes the body. */
export async function errorFromResponse(res: Response): Promise<RenderServiceError> {
  const body = describeErrorBody(
    await readBodyText(res, MAX_ERROR_BODY_BYTES),
    res.headers.get("content-type"),
  );
  const { status } = res;
  const code =
    status === 402 || body.code === "insufficient_credits"
      ? "insufficient_credits"
      : (body.code ?? codeForStatus(status));
  const message =
    body.message ?? `The Render Service answered HTTP ${status}${res.statusText ? ` ${res.statusText}` : ""}`;
  // The spec's 422 "names the field in the message" (§4.2); an explicit property is more reliable still.
  const field = status === 422 ? (body.field ?? findRequestField(message)) : undefined;
  const retryAfterSeconds =
    status === 429 || status === 503 ? parseRetryAfter(res.headers.get("retry-after")) : undefined;
  return new RenderServiceError({
    status,
    code,
    message,
    field,
    retryAfterSeconds,
    mayHaveReachedService: true,
  });
}

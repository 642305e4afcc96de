/**
 * Turning a failed `fetch` (no HTTP answer, or a body that broke off) into a RenderServiceError, and
 * deciding whether the request can have left this process, which is what allows replaying a POST.
 */
import "server-only";
import { RenderServiceError } from "./errors";

/**
 * Failures of name resolution or of opening the connection: no request byte can have been written,
 * so the service cannot have seen the request. Everything else (resets, "other side closed", TLS
 * errors after the handshake, timeouts) may come after the request was sent.
 */
const BEFORE_SEND_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  // undici's own connect timeout (TCP connect and TLS handshake), before any request byte.
  "UND_ERR_CONNECT_TIMEOUT",
]);

export interface FailureContext {
  /** This attempt's own timeout fired. */
  timedOut: boolean;
  /** The caller's signal fired. */
  callerAborted: boolean;
  timeoutMs: number;
}

/** Every error in the cause chain, including each member of an AggregateError (happy-eyeballs connects). */
function causes(error: unknown): unknown[] {
  const seen: unknown[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.length < 20) {
    const next = queue.shift();
    if (next === undefined || next === null || seen.includes(next)) continue;
    seen.push(next);
    if (next instanceof AggregateError) queue.push(...(next.errors as unknown[]));
    if (next instanceof Error) queue.push(next.cause);
  }
  return seen;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** The innermost error's code and message, e.g. "ECONNRESET: read ECONNRESET". */
function describe(chain: readonly unknown[]): string {
  const inner = [...chain].reverse().find((e): e is Error => e instanceof Error) ?? chain[0];
  const code = codeOf(inner);
  const message = inner instanceof Error ? inner.message : String(inner);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/** The caller's own signal ended the call. */
export function cancelledError(mayHaveReachedService: boolean, cause: unknown): RenderServiceError {
  return new RenderServiceError({
    status: 0,
    code: "aborted",
    message: "The request to the Render Service was cancelled",
    mayHaveReachedService,
    cause,
  });
}

export function errorFromFetchFailure(error: unknown, context: FailureContext): RenderServiceError {
  const base = { status: 0, cause: error } as const;
  if (error instanceof RenderServiceError) return error;
  // Once fetch was called, the request may be on its way: an abort cannot take it back.
  if (context.callerAborted) return cancelledError(true, error);
  if (context.timedOut) {
    return new RenderServiceError({
      ...base,
      code: "timeout",
      message: `The Render Service did not answer within ${context.timeoutMs / 1000} s`,
      mayHaveReachedService: true,
    });
  }
  const chain = causes(error);
  const codes = chain.map(codeOf).filter((c): c is string => c !== undefined);
  if (codes.includes("UND_ERR_REQ_CONTENT_LENGTH_MISMATCH")) {
    return new RenderServiceError({
      ...base,
      code: "invalid_request",
      message: "The upload's length did not match its declared contentLength",
      mayHaveReachedService: true,
    });
  }
  // `redirect: 'error'` (see http.ts): a redirect is a misconfigured base URL, not a network fault.
  if (chain.some((e) => e instanceof Error && e.message === "unexpected redirect")) {
    return new RenderServiceError({
      ...base,
      code: "invalid_response",
      message: "The Render Service answered with a redirect; check the configured base URL",
      mayHaveReachedService: true,
    });
  }
  const beforeSend = codes.length > 0 && codes.every((c) => BEFORE_SEND_CODES.has(c));
  return new RenderServiceError({
    ...base,
    code: "network_error",
    message: `Could not ${beforeSend ? "connect to" : "complete the request to"} the Render Service (${describe(chain)})`,
    mayHaveReachedService: !beforeSend,
  });
}

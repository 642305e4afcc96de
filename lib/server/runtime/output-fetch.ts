import "server-only";
/**
 * Fetching a render's output from where the service keeps it (its `outputUrl`, a CDN-like address
 * that needs no key), as a stream read at the pace of whoever takes it. Every failure becomes an
 * `OutputError` saying, in words fit for a manifest, why the file could not be had.
 *
 * Only the media origins are fetched from (docs/architecture.md, "Downloads and zips"): an output
 * URL, or a redirect, pointing anywhere else (the dashboard's own network, a metadata address) is
 * refused before any request is made to it.
 */
import type { Readable } from "node:stream";
import { request, type Dispatcher } from "undici";
import { AppError } from "@/lib/contract";
import { mediaOriginsFrom } from "./media-origins";
import { serverConfig } from "./config";

export type OutputFailure = "gone" | "refused" | "unreachable" | "timeout" | "broken";

export class OutputError extends Error {
  constructor(
    readonly failure: OutputFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OutputError";
  }
}

export interface OpenOutput {
  /**
   * The bytes as they arrive, read at the reader's pace. It fails when no byte arrives within
   * `timeoutMs` while it is being read (time spent waiting on the reader is not counted), or when
   * the transfer breaks off; `explain` turns such a failure into an `OutputError`.
   */
  body: Readable;
  explain: (error: unknown) => OutputError;
  contentType: string | null;
  /** As the answer declared it, when it did. */
  contentLength: number | null;
}

export interface OutputFetch {
  /** The downloader leaving: stops the fetch at any point. */
  signal: AbortSignal;
  timeoutMs: number;
  /** The origins outputs may come from, redirects included. */
  origins: readonly string[];
}

/** How many redirects an output may go through, as browsers allow about 20 and CDNs use 1 or 2. */
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The origins outputs are fetched from: those the pages may show media from. */
export function outputOrigins(): string[] {
  const config = serverConfig();
  return mediaOriginsFrom(config.MEDIA_ORIGINS, config.RENDER_API_BASE_URL);
}

/**
 * Starts fetching `url`. Resolves once the answer's headers are in (within `timeoutMs`, redirects
 * included); its bytes then come from `body`. Nothing is sent but the URL: the service's key is
 * never attached.
 *
 * The body is undici's own Node stream, piped by its readers: a fetch body's web stream costs
 * several promises per chunk, which at hundreds of MB/s is most of a zip's CPU time. Its idle
 * timeout is undici's `bodyTimeout`, which does not run while the reader holds the stream paused.
 */
export async function openOutput(
  url: string,
  { signal, timeoutMs, origins }: OutputFetch,
): Promise<OpenOutput> {
  let target = allowedTarget(url, origins, "is");
  // One controller for the whole transfer: the downloader leaving, or either timeout, ends it.
  const transfer = new AbortController();
  const leave = () => transfer.abort(signal.reason);
  if (signal.aborted) leave();
  signal.addEventListener("abort", leave, { once: true });
  const headersTimer = setTimeout(() => transfer.abort(timedOut(timeoutMs)), timeoutMs);
  const release = () => {
    clearTimeout(headersTimer);
    signal.removeEventListener("abort", leave);
  };
  let response: Dispatcher.ResponseData;
  try {
    // Redirects are followed here, one hop at a time, so each new address is checked first.
    for (let hop = 0; ; hop++) {
      response = await request(target, {
        signal: transfer.signal,
        bodyTimeout: timeoutMs,
      });
      const location = REDIRECTS.has(response.statusCode) ? header(response.headers, "location") : null;
      if (location === null) break;
      discard(response.body);
      if (hop === MAX_REDIRECTS) {
        throw new OutputError("refused", `the output URL redirects more than ${MAX_REDIRECTS} times`);
      }
      target = allowedTarget(new URL(location, target).href, origins, "redirects to");
    }
  } catch (error) {
    release();
    throw failureOf(error, transfer.signal, timeoutMs);
  } finally {
    clearTimeout(headersTimer);
  }
  const { statusCode, headers, body } = response;
  if (statusCode < 200 || statusCode > 299) {
    release();
    discard(body);
    throw new OutputError(
      statusCode === 404 || statusCode === 410 ? "gone" : "refused",
      `the service answered HTTP ${statusCode} for the output`,
    );
  }
  body.once("close", release);
  const explain = (error: unknown) => {
    const failure = failureOf(error, transfer.signal, timeoutMs);
    return failure.failure === "unreachable"
      ? new OutputError("broken", "the transfer broke off", { cause: error })
      : failure;
  };
  const length = Number(header(headers, "content-length"));
  return {
    body,
    explain,
    contentType: header(headers, "content-type"),
    contentLength:
      Number.isSafeInteger(length) && length >= 0 && header(headers, "content-length") !== null
        ? length
        : null,
  };
}

/** Reads off and drops an answer not passed on (a redirect's, an error's): a short one frees its connection for the next request. */
function discard(body: Readable & { dump?: () => Promise<void> }) {
  void body.dump?.().catch(() => undefined);
}

/** A response header's single value (undici gives repeated ones as an array). */
function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** `url` parsed, when it is an http(s) address on one of `origins`. */
function allowedTarget(url: string, origins: readonly string[], says: "is" | "redirects to"): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutputError("refused", `the output URL ${says} no valid address`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new OutputError(
      "refused",
      `the output URL ${says} an address that is not http(s) (${parsed.protocol})`,
    );
  }
  if (!origins.includes(parsed.origin)) {
    throw new OutputError(
      "refused",
      `the output URL ${says} ${parsed.origin}, which is not one of the media origins the dashboard fetches from (MEDIA_ORIGINS)`,
    );
  }
  return parsed;
}

const timedOut = (ms: number) =>
  new OutputError("timeout", `the output did not arrive within ${ms / 1000} s`);

function failureOf(error: unknown, signal: AbortSignal, timeoutMs: number): OutputError {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof OutputError ? reason : new OutputError("broken", "the download was cancelled");
  }
  if (error instanceof OutputError) return error;
  if ((error as { code?: unknown }).code === "UND_ERR_BODY_TIMEOUT") return timedOut(timeoutMs);
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return new OutputError(
    "unreachable",
    `the output could not be fetched (${typeof code === "string" ? code : error instanceof Error ? error.message : "network error"})`,
    { cause: error },
  );
}

/** A failure as the single download reports it: a 5xx in the one error shape. */
export function outputAppError(error: OutputError): AppError {
  const why = `This render's output could not be downloaded: ${error.message}.`;
  switch (error.failure) {
    case "timeout":
      return new AppError("upstream_timeout", why, { cause: error });
    case "unreachable":
      return new AppError("upstream_unavailable", why, { cause: error });
    default:
      return new AppError("output_unavailable", why, { cause: error });
  }
}

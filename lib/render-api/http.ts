/**
 * The one way this client talks HTTP: URL building, authentication, per-attempt timeout, retries,
 * error normalisation and zod parsing of the answer. The replay policy follows from the request's
 * method and body (see retry.ts), so no caller can opt a POST into replays.
 */
import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod/mini";
import { RenderServiceError, errorFromResponse } from "./errors";
import { type ReplayPolicy, retryDelayMs } from "./retry";
import { cancelledError, errorFromFetchFailure } from "./transport-errors";
import "./zod-messages";

export interface TransportConfig {
  baseUrl: URL;
  apiKey: string;
  maxRetries: number;
  fetch: typeof fetch;
}

export type RequestBody =
  | { type: "json"; value: unknown }
  | { type: "stream"; stream: ReadableStream<Uint8Array>; contentType: string; contentLength?: number };

export interface RequestSpec<T> {
  method: "GET" | "POST";
  /** Path segments below the base URL; each is percent-encoded on its own. */
  path: readonly string[];
  body?: RequestBody;
  /** Any zod schema: the domain's record schemas are built with zod's mini build. */
  schema: z.core.$ZodType<T>;
  timeoutMs: number;
  /** Overrides the configured maximum; 0 makes exactly one attempt. */
  retries?: number;
  signal?: AbortSignal;
}

/** Node's fetch takes `duplex`, which the DOM typings do not know yet. */
type NodeRequestInit = RequestInit & { duplex?: "half" };

function replayPolicy(spec: RequestSpec<unknown>): ReplayPolicy {
  if (spec.method === "GET") return "idempotent";
  return spec.body?.type === "stream" ? "never" : "unsent-only";
}

/**
 * Sets the path instead of resolving text against the base, so an id can never climb out of its
 * segment: `../account` stays one encoded segment. `.` and `..` segments are refused, because the URL
 * parser would still collapse them.
 */
export function buildUrl(base: URL, segments: readonly string[]): URL {
  const url = new URL(base.href);
  const basePath = url.pathname.split("/").filter((s) => s !== "");
  for (const segment of segments) {
    if (segment === "" || segment === "." || segment === "..") {
      throw new TypeError(`Invalid path segment: "${segment}"`);
    }
  }
  url.pathname = "/" + [...basePath, ...segments.map(encodeURIComponent)].join("/");
  url.search = "";
  url.hash = "";
  return url;
}

function requestInit(
  config: TransportConfig,
  spec: RequestSpec<unknown>,
  signal: AbortSignal,
): NodeRequestInit {
  // Built from nothing but the config and the body: no caller-provided header is ever forwarded.
  const headers: Record<string, string> = {
    Authorization: `Bearer ${config.apiKey}`,
    Accept: "application/json",
  };
  // `redirect: 'error'` keeps Node's fetch from holding a replay copy of the body (design notes §4),
  // and an API that redirects is misconfigured anyway; it is reported, not followed.
  const init: NodeRequestInit = { method: spec.method, headers, signal, redirect: "error" };
  const body = spec.body;
  if (body?.type === "json") {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body.value);
  } else if (body?.type === "stream") {
    headers["Content-Type"] = body.contentType;
    if (body.contentLength !== undefined) headers["Content-Length"] = String(body.contentLength);
    init.body = body.stream;
    init.duplex = "half";
  }
  return init;
}

function parseAnswer<T>(text: string, schema: z.core.$ZodType<T>, status: number): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new RenderServiceError({
      status,
      code: "invalid_response",
      message: `The Render Service answered HTTP ${status} with a body that is not JSON`,
      mayHaveReachedService: true,
      cause,
    });
  }
  const parsed = z.safeParse(schema, json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new RenderServiceError({
    status,
    code: "invalid_response",
    message: `The Render Service's answer did not have the expected shape (${where}${issue?.message ?? "invalid"})`,
    mayHaveReachedService: true,
    cause: parsed.error,
  });
}

/** One attempt, its own timeout covering both the answer's headers and its body. */
async function attempt<T>(config: TransportConfig, spec: RequestSpec<T>): Promise<T> {
  const timeout = AbortSignal.timeout(spec.timeoutMs);
  const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
  const failure = (error: unknown) =>
    errorFromFetchFailure(error, {
      timedOut: timeout.aborted,
      callerAborted: spec.signal?.aborted ?? false,
      timeoutMs: spec.timeoutMs,
    });
  // Built before the try: a bad path is a bug to surface, not a network failure to retry.
  const url = buildUrl(config.baseUrl, spec.path);
  const init = requestInit(config, spec, signal);
  let res: Response;
  try {
    res = await config.fetch(url, init);
  } catch (error) {
    throw failure(error);
  }
  if (!res.ok) throw await errorFromResponse(res);
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw failure(error);
  }
  return parseAnswer(text, spec.schema, res.status);
}

export function createTransport(config: TransportConfig) {
  return async function send<T>(spec: RequestSpec<T>): Promise<T> {
    const policy = replayPolicy(spec);
    const maxRetries = spec.retries ?? config.maxRetries;
    let reached = false;
    for (let attemptNo = 0; ; attemptNo++) {
      if (spec.signal?.aborted) throw cancelledError(reached, spec.signal.reason);
      try {
        return await attempt(config, spec);
      } catch (error) {
        if (!(error instanceof RenderServiceError)) throw error;
        reached ||= error.mayHaveReachedService;
        const delay = retryDelayMs(error, policy, attemptNo, maxRetries);
        if (delay === undefined) throw error;
        try {
          await sleep(delay, undefined, spec.signal ? { signal: spec.signal } : undefined);
        } catch (abort) {
          throw cancelledError(reached, abort);
        }
      }
    }
  };
}

export type Send = ReturnType<typeof createTransport>;

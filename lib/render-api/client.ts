/**
 * The typed Render Service client: the four operations of the spec (§4), each answer parsed with the
 * shared record schemas. Server-only: it holds the API key.
 */
import "server-only";
import { RENDER_ID_PATTERN } from "@/lib/domain/ids";
import type { RenderRequest } from "@/lib/domain/render-request";
import {
  type AccountRecord,
  type CreateRenderResponse,
  type RenderRecord,
  type UploadRecord,
  accountRecordSchema,
  createRenderResponseSchema,
  renderRecordSchema,
  uploadRecordSchema,
} from "@/lib/domain/service-records";
import { RenderServiceError } from "./errors";
import { createTransport } from "./http";
import { multipartBody } from "./multipart";
import { RETRY_DEFAULTS } from "./retry";

export interface RenderServiceConfig {
  /** The service's base address (spec: `{base_url}`), http(s), possibly with a path prefix. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt, for JSON calls. Default 30 s. */
  timeoutMs?: number;
  /** Per upload, whole body included. Default 30 min. */
  uploadTimeoutMs?: number;
  /** Retries of idempotent calls. Default 2. */
  maxRetries?: number;
  /** For injecting a dispatcher (proxy, connection limits); default: the global fetch. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides `maxRetries` for this call; 0 for callers that keep their own backoff (the poll scheduler). */
  retries?: number;
  /** Overrides the per-attempt timeout for this call. */
  timeoutMs?: number;
}

export interface UploadInput {
  kind: string;
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
  /** Exact byte length of `body`, when known. */
  contentLength?: number;
}

const API_PREFIX = ["api", "v1"] as const;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** Settings that would misbehave silently (a NaN retry count retries without end) fail loudly instead. */
function checkPositive(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
    throw new TypeError(`${name} must be positive`);
  }
}

function checkCount(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
    throw new TypeError(`${name} must be a whole number ≥ 0`);
  }
}

function checkConfig(config: RenderServiceConfig): URL {
  let url: URL;
  try {
    url = new URL(config.baseUrl);
  } catch {
    throw new TypeError("Render Service base URL is not an absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError("Render Service base URL must be http(s)");
  }
  if (url.username !== "" || url.password !== "") {
    throw new TypeError("Render Service base URL must not carry credentials");
  }
  // A key with spaces or line breaks would break (or smuggle) headers; such a key is a paste error.
  if (!/^[\x21-\x7e]+$/.test(config.apiKey)) {
    throw new TypeError("Render Service API key is empty or malformed");
  }
  checkPositive("timeoutMs", config.timeoutMs);
  checkPositive("uploadTimeoutMs", config.uploadTimeoutMs);
  checkCount("maxRetries", config.maxRetries);
  return url;
}

export function createRenderServiceClient(config: RenderServiceConfig) {
  const send = createTransport({
    baseUrl: checkConfig(config),
    apiKey: config.apiKey,
    maxRetries: config.maxRetries ?? RETRY_DEFAULTS.maxRetries,
    // Bound late, so a fetch patched after start-up (tracing, test interceptors) is still used.
    fetch: config.fetch ?? ((input, init) => fetch(input, init)),
  });
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const uploadTimeoutMs = config.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS;
  const call = (options: CallOptions, defaultTimeoutMs: number) => {
    checkCount("retries", options.retries);
    checkPositive("timeoutMs", options.timeoutMs);
    return {
      signal: options.signal,
      retries: options.retries,
      timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
    };
  };

  return {
    /** POST /renders. Never replayed once it may have reached the service (no idempotency upstream). */
    async createRender(request: RenderRequest, options: CallOptions = {}): Promise<CreateRenderResponse> {
      return send({
        method: "POST",
        path: [...API_PREFIX, "renders"],
        body: { type: "json", value: request },
        schema: createRenderResponseSchema,
        ...call(options, timeoutMs),
      });
    },

    /** GET /renders/{id}. Every attempt, retries included, spends the account's poll budget (60/min). */
    async getRender(id: string, options: CallOptions = {}): Promise<RenderRecord> {
      if (!RENDER_ID_PATTERN.test(id)) {
        throw new RenderServiceError({
          status: 0,
          code: "invalid_request",
          message: "Render id must be 1 to 128 letters, digits, '_' or '-'",
          mayHaveReachedService: false,
        });
      }
      return send({
        method: "GET",
        path: [...API_PREFIX, "renders", id],
        schema: renderRecordSchema,
        ...call(options, timeoutMs),
      });
    },

    /** GET /account: plan, credit balance, and proof that the key works. */
    async getAccount(options: CallOptions = {}): Promise<AccountRecord> {
      return send({
        method: "GET",
        path: [...API_PREFIX, "account"],
        schema: accountRecordSchema,
        ...call(options, timeoutMs),
      });
    },

    /** POST /uploads, streamed from `input.body` without buffering; never retried (the stream is read once). */
    async upload(input: UploadInput, options: CallOptions = {}): Promise<UploadRecord> {
      const multipart = multipartBody(input);
      try {
        return await send({
          method: "POST",
          path: [...API_PREFIX, "uploads"],
          body: {
            type: "stream",
            stream: multipart.stream,
            contentType: multipart.contentType,
            contentLength: multipart.contentLength,
          },
          schema: uploadRecordSchema,
          ...call(options, uploadTimeoutMs),
        });
      } finally {
        await multipart.release();
      }
    },
  };
}

export type RenderServiceClient = ReturnType<typeof createRenderServiceClient>;

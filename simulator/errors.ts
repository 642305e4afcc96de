/**
 * The simulator's one error type and the four body shapes it can be written in.
 *
 * The real service's error body shape is not documented, so the shape is a fault switch: the default
 * is a nested JSON object, and the others exist to prove the dashboard copes with whatever arrives.
 */

const ERROR_STATUS = {
  invalid_json: 400,
  invalid_multipart: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  plan_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_request: 422,
  rate_limited: 429,
  fair_use_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type SimErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_SHAPES = ["nested", "flat", "text", "html"] as const;
export type ErrorShape = (typeof ERROR_SHAPES)[number];

export interface SimErrorOptions {
  /** Whole seconds; sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** Methods the path accepts; sent as `Allow` with a 405. */
  allow?: readonly string[];
}

export class SimError extends Error {
  readonly status: number;

  constructor(
    readonly code: SimErrorCode,
    message: string,
    readonly options: SimErrorOptions = {},
  ) {
    super(message);
    this.name = "SimError";
    this.status = ERROR_STATUS[code];
  }

  headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.options.retryAfterSeconds !== undefined)
      headers["retry-after"] = String(this.options.retryAfterSeconds);
    if (this.options.allow) headers.allow = this.options.allow.join(", ");
    return headers;
  }
}

export interface ErrorBody {
  contentType: string;
  body: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorBody(error: SimError, shape: ErrorShape): ErrorBody {
  const { code, message, status } = error;
  switch (shape) {
    case "nested":
      return {
        contentType: "application/json; charset=utf-8",
        body: JSON.stringify({ error: { code, message } }),
      };
    case "flat":
      return { contentType: "application/json; charset=utf-8", body: JSON.stringify({ code, message }) };
    case "text":
      return { contentType: "text/plain; charset=utf-8", body: `${code}: ${message}\n` };
    case "html":
      return {
        contentType: "text/html; charset=utf-8",
        body:
          `<!DOCTYPE html>\n<html><head><title>${status} ${escapeHtml(code)}</title></head>` +
          `<body><h1>${status} ${escapeHtml(code)}</h1><p>${escapeHtml(message)}</p></body></html>\n`,
      };
  }
}

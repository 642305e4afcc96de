import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RenderServiceError, errorFromResponse, isRenderServiceError, mayHaveTakenEffect } from "./errors";
import { plain } from "./test-support";

const NOW = Date.parse("2025-06-01T12:00:00.000Z");

interface Case {
  name: string;
  status: number;
  statusText?: string;
  body?: string;
  headers?: Record<string, string>;
  /** The whole error: fields left out here must have the defaults of `base` below. */
  expected: Partial<ReturnType<typeof plain>> & { code: string };
}

const JSON_TYPE = { "content-type": "application/json" };
const HTML_TYPE = { "content-type": "text/html; charset=utf-8" };
const TEXT_TYPE = { "content-type": "text/plain" };
const longWords = "lorem ipsum dolor sit amet ".repeat(30);

const cases: Case[] = [
  // Body shapes
  {
    name: "nested JSON error",
    status: 401,
    body: '{"error":{"code":"unauthorized","message":"API key is revoked"}}',
    headers: JSON_TYPE,
    expected: { status: 401, code: "unauthorized", message: "API key is revoked" },
  },
  {
    name: "flat JSON error",
    status: 403,
    body: '{"code":"plan_required","message":"The Free plan has no API access"}',
    headers: JSON_TYPE,
    expected: { status: 403, code: "plan_required", message: "The Free plan has no API access" },
  },
  {
    name: '{"error":"text"} with a sentence: message only, code from the status',
    status: 404,
    body: '{"error":"Render not found"}',
    headers: JSON_TYPE,
    expected: { status: 404, code: "not_found", message: "Render not found" },
  },
  {
    name: '{"error":"token"}: the token is the code and, lacking anything better, the message',
    status: 401,
    body: '{"error":"invalid_token"}',
    headers: JSON_TYPE,
    expected: { status: 401, code: "invalid_token", message: "invalid_token" },
  },
  {
    name: '{"message"} only',
    status: 500,
    body: '{"message":"Something broke"}',
    headers: JSON_TYPE,
    expected: { status: 500, code: "server_error", message: "Something broke" },
  },
  {
    name: '{"detail"} string (problem+json), preferred to the title',
    status: 404,
    body: '{"type":"about:blank","title":"Not Found","detail":"No render r_9 on this account"}',
    headers: { "content-type": "application/problem+json" },
    expected: { status: 404, code: "not_found", message: "No render r_9 on this account" },
  },
  {
    name: '{"errors":[{...}]} takes the first entry, with its explicit field',
    status: 422,
    body: '{"errors":[{"code":"too_long","message":"too long","field":"negativePrompt"},{"message":"second"}]}',
    headers: JSON_TYPE,
    expected: { status: 422, code: "too_long", message: "too long", field: "negativePrompt" },
  },
  {
    name: "FastAPI detail list: msg and loc",
    status: 422,
    body: '{"detail":[{"loc":["body","imageCount"],"msg":"ensure this value is less than or equal to 4","type":"value_error"}]}',
    headers: JSON_TYPE,
    expected: {
      status: 422,
      code: "invalid_request",
      message: "ensure this value is less than or equal to 4",
      field: "imageCount",
    },
  },
  {
    name: "JSON array body",
    status: 400,
    body: '[{"message":"bad input"}]',
    headers: JSON_TYPE,
    expected: { status: 400, code: "invalid_request", message: "bad input" },
  },
  {
    name: "JSON string body",
    status: 400,
    body: '"bad input"',
    headers: JSON_TYPE,
    expected: { status: 400, code: "invalid_request", message: "bad input" },
  },
  {
    name: "JSON sent as text/plain is still read as JSON",
    status: 403,
    body: '{"error":{"code":"plan_required","message":"Upgrade"}}',
    headers: TEXT_TYPE,
    expected: { status: 403, code: "plan_required", message: "Upgrade" },
  },
  {
    name: "non-string and sentence-like codes are ignored",
    status: 409,
    body: '{"code":409,"error":{"code":"not a code","message":"Conflict"}}',
    headers: JSON_TYPE,
    expected: { status: 409, code: "invalid_request", message: "Conflict" },
  },
  {
    name: "broken JSON is shown as text",
    status: 502,
    body: '{"error": {"code": "bad_gat',
    headers: JSON_TYPE,
    expected: { status: 502, code: "server_error", message: '{"error": {"code": "bad_gat' },
  },
  {
    name: "JSON with no usable field falls back to the status line",
    status: 503,
    statusText: "Service Unavailable",
    body: '{"ok":false}',
    headers: JSON_TYPE,
    expected: {
      status: 503,
      code: "server_error",
      message: "The Render Service answered HTTP 503 Service Unavailable",
    },
  },
  {
    name: "plain text, whitespace collapsed",
    status: 502,
    body: "upstream connect error\n  or disconnect/reset before headers\n",
    headers: TEXT_TYPE,
    expected: {
      status: 502,
      code: "server_error",
      message: "upstream connect error or disconnect/reset before headers",
    },
  },
  {
    name: "HTML page: its title",
    status: 502,
    body: "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>",
    headers: HTML_TYPE,
    expected: { status: 502, code: "server_error", message: "502 Bad Gateway: nginx" },
  },
  {
    name: "HTML page: title, then what the page says beyond it, where a 422 names its field",
    status: 422,
    body:
      "<!DOCTYPE html>\n<html><head><title>422 invalid_request</title></head><body><h1>422 invalid_request</h1>" +
      "<p>resolution must be one of &#39;720p&#39;, &#x27;1080p&#x27; for kling &amp; co</p></body></html>",
    headers: HTML_TYPE,
    expected: {
      status: 422,
      code: "invalid_request",
      message: "422 invalid_request: resolution must be one of '720p', '1080p' for kling & co",
      field: "resolution",
    },
  },
  {
    name: "HTML page whose body only repeats the title",
    status: 503,
    body: "<html><head><title>Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>",
    headers: HTML_TYPE,
    expected: { status: 503, code: "server_error", message: "Service Unavailable" },
  },
  {
    name: "HTML page without title: visible text, no scripts, entities decoded",
    status: 504,
    body: "<html><body><script>var x = 1;</script><h1>Gateway&nbsp;Timeout</h1><p>The origin &amp; the proxy</p></body></html>",
    headers: HTML_TYPE,
    expected: { status: 504, code: "server_error", message: "Gateway Timeout The origin & the proxy" },
  },
  {
    name: "HTML without a content type is still recognised",
    status: 500,
    body: "<!DOCTYPE html><html><head><title>Internal Server Error</title></head></html>",
    expected: { status: 500, code: "server_error", message: "Internal Server Error" },
  },
  {
    name: "long text is cut to 300 characters",
    status: 500,
    body: `<html><body><p>${longWords}</p></body></html>`,
    headers: HTML_TYPE,
    expected: { status: 500, code: "server_error", message: `${longWords.trim().slice(0, 299)}…` },
  },
  {
    name: "empty body",
    status: 503,
    statusText: "Service Unavailable",
    body: "",
    expected: {
      status: 503,
      code: "server_error",
      message: "The Render Service answered HTTP 503 Service Unavailable",
    },
  },
  {
    name: "empty body without a status text",
    status: 413,
    expected: { status: 413, code: "payload_too_large", message: "The Render Service answered HTTP 413" },
  },

  // Codes from the status
  { name: "401", status: 401, expected: { code: "unauthorized" } },
  { name: "403", status: 403, expected: { code: "plan_required" } },
  { name: "404", status: 404, expected: { code: "not_found" } },
  { name: "400", status: 400, expected: { code: "invalid_request" } },
  { name: "422 with nothing to name a field", status: 422, expected: { code: "invalid_request" } },
  { name: "429", status: 429, expected: { code: "rate_limited" } },
  { name: "500", status: 500, expected: { code: "server_error" } },
  { name: "502", status: 502, expected: { code: "server_error" } },
  {
    name: "402 is insufficient_credits whatever the body says",
    status: 402,
    body: '{"error":{"code":"payment_required","message":"Not enough credits"}}',
    headers: JSON_TYPE,
    expected: { code: "insufficient_credits", message: "Not enough credits" },
  },
  {
    name: "a body code insufficient_credits on another status",
    status: 400,
    body: '{"code":"insufficient_credits","message":"Balance 3, needs 40"}',
    headers: JSON_TYPE,
    expected: { status: 400, code: "insufficient_credits", message: "Balance 3, needs 40" },
  },
  {
    name: "an upstream code wins over the derived one",
    status: 429,
    body: '{"error":{"code":"poll_limit","message":"60 polls per minute"}}',
    headers: JSON_TYPE,
    expected: { status: 429, code: "poll_limit", message: "60 polls per minute" },
  },

  // 422 field from the message
  ...(
    [
      ["negativePrompt must be at most 500 characters", "negativePrompt"],
      ["referenceImageUrls must contain only upload URLs", "referenceImageUrls"],
      ["durationSeconds must be between 5 and 15 for model kling", "durationSeconds"],
      ["resolution must be one of '720p', '1080p' for kling", "resolution"],
      ["imageResolution must be one of '1K', '2K'", "imageResolution"],
      ["Prompt is required", "prompt"],
      ["Invalid value for 'imageCount': 7", "imageCount"],
      ["negative_prompt is too long", "negativePrompt"],
      ["referenceAudioUrls: kling takes no reference audio", "referenceAudioUrls"],
      ["Invalid value for field aspectRatio.", "aspectRatio"],
      ["promptly rejected: nothing here names a field", undefined],
    ] as const
  ).map(([message, field]): Case => ({
    name: `422 message "${message}" → ${field ?? "no field"}`,
    status: 422,
    body: JSON.stringify({ error: { code: "invalid_request", message } }),
    headers: JSON_TYPE,
    expected: { status: 422, code: "invalid_request", message, field },
  })),
  {
    name: "422 explicit param wins over the message, and a path is reduced to its field",
    status: 422,
    body: '{"error":{"message":"prompt looks fine but imageCount does not","param":"body.imageCount"}}',
    headers: JSON_TYPE,
    expected: {
      code: "invalid_request",
      message: "prompt looks fine but imageCount does not",
      field: "imageCount",
    },
  },
  {
    name: "422 explicit path array",
    status: 422,
    body: '{"message":"not an upload URL","path":["referenceVideoUrls",0]}',
    headers: JSON_TYPE,
    expected: { code: "invalid_request", field: "referenceVideoUrls", message: "not an upload URL" },
  },
  {
    name: "422 explicit field that is no request field is kept as sent",
    status: 422,
    body: '{"message":"unsupported","field":"webhookUrl"}',
    headers: JSON_TYPE,
    expected: { code: "invalid_request", field: "webhookUrl", message: "unsupported" },
  },
  {
    name: "422 field from a plain-text message",
    status: 422,
    body: "imageQuality applies to gpt-image-2 only, not seedream",
    headers: TEXT_TYPE,
    expected: {
      code: "invalid_request",
      field: "imageQuality",
      message: "imageQuality applies to gpt-image-2 only, not seedream",
    },
  },
  {
    name: "a field is only reported on 422",
    status: 400,
    body: '{"message":"prompt is required","field":"prompt"}',
    headers: JSON_TYPE,
    expected: { code: "invalid_request", field: undefined, message: "prompt is required" },
  },

  // Retry-After: [name, status, header, expected code, expected seconds]
  ...(
    [
      ["429 Retry-After in seconds", 429, "7", "rate_limited", 7],
      ["429 Retry-After as an HTTP date", 429, "Sun, 01 Jun 2025 12:00:42 GMT", "rate_limited", 42],
      ["503 Retry-After in seconds", 503, "120", "server_error", 120],
      ["Retry-After date in the past means now", 503, "Sun, 01 Jun 2025 11:00:00 GMT", "server_error", 0],
      ["unreadable Retry-After is ignored", 429, "soon", "rate_limited", undefined],
      ["Retry-After on another status is ignored", 500, "5", "server_error", undefined],
    ] as const
  ).map(([name, status, retryAfter, code, retryAfterSeconds]): Case => ({
    name,
    status,
    headers: { "retry-after": retryAfter },
    expected: { code, retryAfterSeconds },
  })),
];

describe("errorFromResponse", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(cases)("$name", async ({ status, statusText, body, headers, expected }) => {
    const res = new Response(body ?? null, { status, statusText, headers });
    const error = await errorFromResponse(res);
    expect(error).toBeInstanceOf(RenderServiceError);
    const base = {
      name: "RenderServiceError",
      status,
      message: `The Render Service answered HTTP ${status}`,
      field: undefined,
      retryAfterSeconds: undefined,
      mayHaveReachedService: true,
    };
    expect(plain(error)).toEqual({ ...base, ...expected });
  });

  it("reads no more than 64 KiB of a huge body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 16 * 1024;
        controller.enqueue(new TextEncoder().encode("x".repeat(16 * 1024)));
      },
    });
    const error = await errorFromResponse(new Response(body, { status: 500 }));
    expect(error.message).toBe(`${"x".repeat(299)}…`);
    expect(pulled).toBeLessThanOrEqual(96 * 1024);
  });

  it("describes what arrived when the body breaks off", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("socket hang up"));
        sent = true;
        controller.enqueue(new TextEncoder().encode("Bad Gate"));
      },
    });
    const error = await errorFromResponse(new Response(body, { status: 502 }));
    expect(plain(error)).toEqual({
      name: "RenderServiceError",
      status: 502,
      code: "server_error",
      message: "Bad Gate",
      mayHaveReachedService: true,
    });
  });
});

describe("mayHaveTakenEffect", () => {
  const make = (status: number, mayHaveReachedService: boolean) =>
    new RenderServiceError({ status, code: "x", message: "x", mayHaveReachedService });

  it.each([
    [0, false, false],
    [0, true, true],
    [202, true, true],
    [422, true, false],
    [429, true, false],
    [500, true, true],
    [503, true, true],
  ])("status %i, reached %s → %s", (status, reached, expected) => {
    expect(mayHaveTakenEffect(make(status, reached))).toBe(expected);
  });
});

describe("isRenderServiceError", () => {
  it("recognises the class, and its shape when it comes from another bundle's copy of the class", () => {
    const copy = Object.assign(new Error("x"), {
      name: "RenderServiceError",
      status: 503,
      code: "server_error",
      mayHaveReachedService: true,
    });
    expect(
      isRenderServiceError(
        new RenderServiceError({ status: 0, code: "timeout", message: "t", mayHaveReachedService: true }),
      ),
    ).toBe(true);
    expect(isRenderServiceError(copy)).toBe(true);
    expect(isRenderServiceError(Object.assign(new Error("x"), { name: "RenderServiceError" }))).toBe(false);
    expect(
      isRenderServiceError({ name: "RenderServiceError", status: 1, code: "x", mayHaveReachedService: true }),
    ).toBe(false);
    expect(isRenderServiceError(new Error("x"))).toBe(false);
  });
});

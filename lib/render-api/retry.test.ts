import { describe, expect, it } from "vitest";
import { RenderServiceError } from "./errors";
import { type ReplayPolicy, backoffDelayMs, isRetryable, retryDelayMs } from "./retry";

const error = (status: number, code: string, mayHaveReachedService = true, retryAfterSeconds?: number) =>
  new RenderServiceError({ status, code, message: code, mayHaveReachedService, retryAfterSeconds });

const refused = error(0, "network_error", false);
const reset = error(0, "network_error", true);
const timeout = error(0, "timeout");
const aborted = error(0, "aborted");
const invalidResponse = error(200, "invalid_response");

describe("isRetryable", () => {
  const table: [string, RenderServiceError, Record<ReplayPolicy, boolean>][] = [
    ["connect refused", refused, { idempotent: true, "unsent-only": true, never: false }],
    ["connection reset", reset, { idempotent: true, "unsent-only": false, never: false }],
    ["timeout", timeout, { idempotent: true, "unsent-only": false, never: false }],
    ["caller abort", aborted, { idempotent: false, "unsent-only": false, never: false }],
    ["408", error(408, "timeout"), { idempotent: true, "unsent-only": false, never: false }],
    ["429", error(429, "rate_limited"), { idempotent: true, "unsent-only": false, never: false }],
    ["500", error(500, "server_error"), { idempotent: true, "unsent-only": false, never: false }],
    ["501", error(501, "server_error"), { idempotent: false, "unsent-only": false, never: false }],
    ["502", error(502, "server_error"), { idempotent: true, "unsent-only": false, never: false }],
    ["503", error(503, "server_error"), { idempotent: true, "unsent-only": false, never: false }],
    ["504", error(504, "server_error"), { idempotent: true, "unsent-only": false, never: false }],
    ["401", error(401, "unauthorized"), { idempotent: false, "unsent-only": false, never: false }],
    ["404", error(404, "not_found"), { idempotent: false, "unsent-only": false, never: false }],
    ["422", error(422, "invalid_request"), { idempotent: false, "unsent-only": false, never: false }],
    ["unparseable answer", invalidResponse, { idempotent: false, "unsent-only": false, never: false }],
    [
      "local check",
      error(0, "invalid_request", false),
      { idempotent: false, "unsent-only": false, never: false },
    ],
  ];
  it.each(table)("%s", (_name, err, expected) => {
    expect({
      idempotent: isRetryable(err, "idempotent"),
      "unsent-only": isRetryable(err, "unsent-only"),
      never: isRetryable(err, "never"),
    }).toEqual(expected);
  });
});

describe("backoffDelayMs", () => {
  it("grows from 300 ms, doubling, capped at 8 s, with full jitter", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => backoffDelayMs(a, () => 1))).toEqual([
      300, 600, 1200, 2400, 4800, 8000, 8000,
    ]);
    expect(backoffDelayMs(3, () => 0)).toBe(0);
    expect(backoffDelayMs(3, () => 0.5)).toBe(1200);
  });
});

describe("retryDelayMs", () => {
  it("stops when the retries are used up", () => {
    expect(retryDelayMs(reset, "idempotent", 0, 2, () => 1)).toBe(300);
    expect(retryDelayMs(reset, "idempotent", 1, 2, () => 1)).toBe(600);
    expect(retryDelayMs(reset, "idempotent", 2, 2, () => 1)).toBeUndefined();
    expect(retryDelayMs(reset, "idempotent", 0, 0, () => 1)).toBeUndefined();
  });

  it("waits as long as Retry-After asks, up to 60 s, and gives up beyond", () => {
    expect(retryDelayMs(error(429, "rate_limited", true, 1), "idempotent", 0, 2)).toBe(1000);
    expect(retryDelayMs(error(503, "server_error", true, 0), "idempotent", 0, 2)).toBe(0);
    expect(retryDelayMs(error(429, "rate_limited", true, 60), "idempotent", 0, 2)).toBe(60_000);
    expect(retryDelayMs(error(429, "rate_limited", true, 61), "idempotent", 0, 2)).toBeUndefined();
  });

  it("never retries what the policy forbids", () => {
    expect(retryDelayMs(error(503, "server_error"), "unsent-only", 0, 2)).toBeUndefined();
    expect(retryDelayMs(refused, "never", 0, 2)).toBeUndefined();
  });
});

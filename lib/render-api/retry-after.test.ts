import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after";

const NOW = Date.parse("2025-06-01T12:00:00.000Z");

describe("parseRetryAfter", () => {
  it.each([
    [null, undefined],
    ["", undefined],
    ["0", 0],
    ["7", 7],
    [" 120 ", 120],
    ["1.2", 2],
    ["-5", undefined],
    ["12abc", undefined],
    ["soon", undefined],
    ["Sun, 01 Jun 2025 12:00:30 GMT", 30],
    ["Sunday, 01-Jun-25 12:01:00 GMT", 60],
    ["Sun Jun  1 12:00:05 2025", 5],
    ["Sun, 01 Jun 2025 11:59:00 GMT", 0],
  ])("%j → %j", (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

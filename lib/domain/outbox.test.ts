import { describe, expect, test } from "vitest";
import { OUTBOX_RETRY, givesUp, retryDelayMs } from "./outbox";

describe("the outbox's retries", () => {
  test("wait twice as long after each failure, up to the cap", () => {
    const waits = Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1));
    expect(waits[0]).toBe(OUTBOX_RETRY.firstDelayMs);
    for (let i = 1; i < waits.length; i++) {
      expect(waits[i]).toBe(Math.min(OUTBOX_RETRY.maxDelayMs, (waits[i - 1] ?? 0) * 2));
    }
    expect(Math.max(...waits)).toBe(OUTBOX_RETRY.maxDelayMs);
  });

  test("give up once the message is a day old, however few attempts it had", () => {
    const queued = Date.parse("2026-03-01T00:00:00Z");
    expect(givesUp(queued, queued + OUTBOX_RETRY.maxAgeMs - 1)).toBe(false);
    expect(givesUp(queued, queued + OUTBOX_RETRY.maxAgeMs)).toBe(true);
  });
});

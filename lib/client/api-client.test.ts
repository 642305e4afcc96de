/** How an answer is read: by its contract schema, and which failure statuses still carry one. */
import { expect, test } from "vitest";
import type { Health } from "@/lib/contract";
import { readAnswer } from "./api-client";

/** A health check's answer while the scheduler is stopped: 503, and the details of why. */
const notReady: Health = {
  status: "unavailable",
  ok: false,
  database: { ok: true },
  instance: "42",
  scheduler: {
    running: false,
    leader: false,
    active: 0,
    pausedUntil: null,
    pollsInLastMinute: 0,
    budgetPerMinute: 0,
  },
  upstream: { reachable: false, latencyMs: null },
};

test("a 503 named as an answer is read with the route's schema", async () => {
  expect(await readAnswer("/api/health", 503, notReady, (c) => c.healthSchema, [503])).toEqual(notReady);
});

test("any other failure status is the AppError its body carries, or a generic one", async () => {
  await expect(readAnswer("/api/health", 503, notReady, (c) => c.healthSchema)).rejects.toMatchObject({
    status: 503,
  });
  const body = { error: { code: "rate_limited", message: "Wait.", retryAfterSeconds: 3 } };
  await expect(readAnswer("/api/members", 429, body, (c) => c.memberListSchema, [503])).rejects.toMatchObject(
    {
      code: "rate_limited",
      retryAfterSeconds: 3,
    },
  );
});

/**
 * One poll budget for everyone: five clients create a mixed load of renders and keep reading the
 * ledger, while the one scheduler follows every render to its end. The simulator counts what it
 * received, so the budget is checked where it is enforced.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import type { RenderRequest } from "@/lib/domain/render-request";
import { startStack, waitFor, type Stack } from "@/test/server-stack";

let stack: Stack;
const BUDGET = 50;

beforeAll(async () => {
  stack = await startStack({ timeScale: 0.01, env: { RENDER_POLL_BUDGET_PER_MIN: String(BUDGET) } });
});
afterAll(() => stack.close());

/** A mixed day's work: single images, batches, short and long videos, stitched chains, failures. */
function workload(client: number): RenderRequest[] {
  const requests: RenderRequest[] = [];
  for (let i = 0; i < 3; i++)
    requests.push({ kind: "image", prompt: `client ${client} image ${i}`, imageResolution: "1K" });
  requests.push({
    kind: "image",
    prompt: `client ${client} batch`,
    imageCount: 2,
    imageModel: "nano-banana",
  });
  requests.push({
    kind: "video",
    prompt: `client ${client} kling`,
    model: "kling",
    durationSeconds: 5,
    resolution: "720p",
  });
  requests.push({
    kind: "video",
    prompt: `client ${client} veo`,
    model: "veo-3.1-fast",
    durationSeconds: 4,
    resolution: "720p",
  });
  requests.push({
    kind: "video",
    prompt: `client ${client} chain`,
    model: "seedance",
    durationSeconds: 30,
    resolution: "480p",
  });
  requests.push({ kind: "image", prompt: `client ${client} doomed [fail]` });
  return requests;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

test(
  "40+ renders from 5 clients: every one finishes, no 429, never over the budget",
  { timeout: 240_000 },
  async () => {
    const clients = [1, 2, 3, 4, 5];
    const created = await Promise.all(
      clients.map(async (client) => {
        const ids: string[] = [];
        for (const request of workload(client)) {
          const response = await stack.callJson<{ ids: string[] }>("POST", "/api/renders", { json: request });
          expect(response.status).toBe(202);
          ids.push(...response.body.ids);
        }
        // Each client keeps its gallery open, reading the ledger until its renders are done.
        return waitFor(
          async () => {
            const list = await stack.callJson<{ items: LedgerRender[] }>(
              "GET",
              `/api/renders?ids=${ids.join(",")}&limit=100`,
            );
            return list.body.items.length === ids.length &&
              list.body.items.every((r) => isFinalLedgerStatus(r.status))
              ? list.body.items
              : undefined;
          },
          200_000,
          250,
        );
      }),
    );
    const renders = created.flat();
    const stats = await stack.simStats();

    expect(renders.length).toBeGreaterThanOrEqual(40);
    expect(stats.creates.total).toBe(clients.length * workload(0).length);
    expect(stats.polls.rateLimited).toBe(0);
    expect(stats.polls.maxInAnyMinute).toBeLessThanOrEqual(BUDGET);
    expect(renders.filter((r) => r.status === "failed").map((r) => r.prompt)).toEqual(
      expect.arrayContaining(clients.map((c) => `client ${c} doomed [fail]`)),
    );
    for (const render of renders) {
      const upstream = stats.renders.find((r) => r.id === render.id);
      expect(upstream?.status, render.prompt).toBe(render.status);
    }
    // A finished render is never polled again: polls stop at the one that saw it finish.
    const pollsAfter = (await stack.simStats()).polls.total;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await stack.simStats()).polls.total).toBe(pollsAfter);

    const latencies = renders.flatMap((render) => {
      const terminalAt = stats.renders.find((r) => r.id === render.id)?.terminalAt;
      return terminalAt && render.completedAt
        ? [Date.parse(render.completedAt) - Date.parse(terminalAt)]
        : [];
    });
    const figures = {
      renders: renders.length,
      upstreamPolls: stats.polls.total,
      pollsPerFinishedRender: Number((stats.polls.total / renders.length).toFixed(2)),
      maxPollsInAnyMinute: stats.polls.maxInAnyMinute,
      rateLimited: stats.polls.rateLimited,
      readyToLedgerMedianMs: median(latencies),
    };
    console.info(`scheduler figures: ${JSON.stringify(figures)}`);
  },
);

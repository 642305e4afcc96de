/**
 * The live fan-out benchmark's judgement of its streams: a stream that lacks a render's current
 * final record counts as missed, an event id sent twice as a duplicate, and delivery is timed from
 * the final record's updatedAt. Streams here are fed server-sent events text as the server writes it.
 */
import { expect, test } from "vitest";
import type { LiveEvent } from "@/lib/contract";
import { OpenStream, tally, type RenderStamp } from "./fanout-streams";

/** A stream that was sent these events (with their ids) after the `hello` a live stream starts with, as the server writes them. */
function streamOf(
  replica: number,
  events: readonly [id: number, event: LiveEvent | RenderStamp][],
): OpenStream {
  const data = (event: LiveEvent | RenderStamp) =>
    "type" in event ? event : { type: "render", render: event };
  const stream = new OpenStream(replica);
  stream.receive(
    [
      "retry: 2000\n\n",
      `id: 1\ndata: ${JSON.stringify({ type: "hello", at: new Date().toISOString() })}\n\n`,
      ...events.map(([id, event]) => `id: ${id}\ndata: ${JSON.stringify(data(event))}\n\n`),
      `data: ${JSON.stringify({ type: "ping" })}\n\n`,
    ].join(""),
    Date.now(),
  );
  return stream;
}

test("counts a final record a stream lacked as missed, an event id sent twice as a duplicate, and times the rest", () => {
  const started = Date.now();
  const pending: RenderStamp = {
    id: "rnd_a",
    status: "pending",
    updatedAt: new Date(started - 3_000).toISOString(),
  };
  const ready: RenderStamp = {
    id: "rnd_a",
    status: "ready",
    updatedAt: new Date(started - 2_000).toISOString(),
  };
  const failed: RenderStamp = {
    id: "rnd_b",
    status: "failed",
    updatedAt: new Date(started - 1_000).toISOString(),
  };
  const streams = [
    streamOf(0, [
      [2, pending],
      [3, ready],
      [4, failed],
    ]),
    // Sent the same event twice.
    streamOf(1, [
      [3, ready],
      [3, ready],
      [4, failed],
    ]),
    // Never told that rnd_a finished.
    streamOf(2, [
      [2, pending],
      [4, failed],
    ]),
    // Told of a final record older than the ledger's current one.
    streamOf(0, [
      [3, { ...ready, updatedAt: new Date(started - 2_500).toISOString() }],
      [4, failed],
    ]),
  ];

  const result = tally(streams, [ready, failed]);

  expect(result.missed).toBe(2);
  expect(result.duplicates).toBe(1);
  // Every final record that arrived is timed from its own updatedAt: rnd_a on three streams, rnd_b on four.
  expect(result.latencies).toHaveLength(7);
  expect(Math.min(...result.latencies)).toBeGreaterThanOrEqual(1_000);
  expect(result.firstLatencies).toHaveLength(2);
  expect([...result.byReplica.keys()].sort()).toEqual([0, 1, 2]);
});

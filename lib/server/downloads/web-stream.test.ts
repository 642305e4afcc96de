import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { pulledStream } from "./web-stream";

const KiB = 1024;

async function* chunks(count: number, size: number, pauseMs = 0) {
  for (let i = 0; i < count; i++) {
    if (pauseMs) await sleep(pauseMs);
    yield new Uint8Array(size).fill(i % 256);
  }
}

/** Every chunk the body gives, as its reader sees them. */
async function reads(body: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const seen: Uint8Array[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) seen.push(chunk);
  return seen;
}

describe("pulledStream", () => {
  test("chunks that are ready at once are joined into reads of up to 1 MiB, bytes in order", async () => {
    const seen = await reads(pulledStream(chunks(40, 64 * KiB), () => undefined));
    expect(seen.map((c) => c.byteLength)).toEqual([1024 * KiB, 1024 * KiB, 512 * KiB]);
    const all = Buffer.concat(seen);
    for (let i = 0; i < 40; i++) expect(all[i * 64 * KiB]).toBe(i);
  });

  test("a slow source is passed on chunk by chunk, never held back to fill a read", async () => {
    const seen = await reads(pulledStream(chunks(5, 10 * KiB, 20), () => undefined));
    expect(seen.map((c) => c.byteLength)).toEqual([10, 10, 10, 10, 10].map((n) => n * KiB));
  });

  test("a source that fails errors the body and stops what feeds it", async () => {
    let stopped = false;
    async function* failing() {
      yield new Uint8Array(10);
      throw new Error("the transfer broke off");
    }
    await expect(reads(pulledStream(failing(), () => (stopped = true)))).rejects.toThrow("broke off");
    expect(stopped).toBe(true);
  });

  test("cancelling the body stops what feeds it and ends the source", async () => {
    let stopped = false;
    let ended = false;
    async function* endless() {
      try {
        for (;;) {
          await sleep(5);
          yield new Uint8Array(KiB);
        }
      } finally {
        ended = true;
      }
    }
    const reader = pulledStream(endless(), () => (stopped = true)).getReader();
    await reader.read();
    await reader.cancel();
    expect(stopped).toBe(true);
    expect(ended).toBe(true);
  });
});

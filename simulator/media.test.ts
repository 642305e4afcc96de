/** Finished media: real PNGs for images and a playable WebM for videos, served like a CDN. */
import { statSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pictureSize, videoClipPath } from "./media";
import { crc32, encodePng } from "./png";
import { KEYS, simulatorForTests } from "./test-client";

interface Chunk {
  type: string;
  data: Buffer;
}

/** Splits a PNG into chunks, checking the signature and every CRC on the way. */
function readPng(file: Buffer): { width: number; height: number; chunks: Chunk[]; pixels: Buffer } {
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Chunk[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    const typeAndData = file.subarray(at + 4, at + 8 + length);
    expect(file.readUInt32BE(at + 8 + length)).toBe(crc32(typeAndData));
    chunks.push({ type: typeAndData.subarray(0, 4).toString("latin1"), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  const header = chunks[0]?.data as Buffer;
  const idat = Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data));
  return { width: header.readUInt32BE(0), height: header.readUInt32BE(4), chunks, pixels: inflateSync(idat) };
}

describe("PNG encoder", () => {
  it("computes the standard CRC-32", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("writes IHDR, IDAT and IEND with the pixels given", () => {
    const png = readPng(encodePng(3, 2, (x, y) => [x * 10, y * 20, 255]));
    expect(png.chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect({ width: png.width, height: png.height }).toEqual({ width: 3, height: 2 });
    expect([...png.pixels]).toEqual([
      0, 0, 0, 255, 10, 0, 255, 20, 0, 255, 0, 0, 20, 255, 10, 20, 255, 20, 20, 255,
    ]);
  });

  it.each([
    ["9:16", 144, 256],
    ["1:1", 256, 256],
    ["16:9", 256, 144],
  ] as const)("sizes a %s picture %i×%i", (ratio, width, height) => {
    expect(pictureSize(ratio)).toEqual({ width, height });
  });

  it.each(["9:16", "1:1", "16:9"] as const)("bundles a small WebM clip for %s", (ratio) => {
    expect(statSync(videoClipPath(ratio)).size).toBeLessThan(200 * 1024);
  });
});

describe("media at outputUrl", () => {
  const sim = simulatorForTests({ timeScale: 0.001 });

  async function finished(body: Record<string, unknown>): Promise<{ ids: string[]; urls: string[] }> {
    const created = await sim.client.createRender(KEYS.team1, body);
    await sim.client.waitTerminal(created.body.ids);
    const records = await Promise.all(
      created.body.ids.map(async (id: string) => (await sim.client.poll(KEYS.team1, id)).body),
    );
    return { ids: created.body.ids, urls: records.map((r) => r.outputUrl as string) };
  }

  it.each([
    ["9:16", 144, 256],
    ["1:1", 256, 256],
    ["16:9", 256, 144],
  ])("serves a %s image as a real PNG with CDN headers", async (imageAspectRatio, width, height) => {
    const { urls } = await finished({ kind: "image", prompt: "a harbour", imageAspectRatio });
    const res = await fetch(urls[0] as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const png = readPng(Buffer.from(await res.arrayBuffer()));
    expect({ width: png.width, height: png.height }).toEqual({ width, height });
    expect(png.pixels.length).toBe((width * 3 + 1) * height);
  });

  it("draws a different picture for each render, the same one each time it is fetched", async () => {
    const { urls } = await finished({ kind: "image", prompt: "a harbour", imageCount: 2 });
    const [a, b, again] = await Promise.all(
      [urls[0], urls[1], urls[0]].map(async (url) =>
        Buffer.from(await (await fetch(url as string)).arrayBuffer()),
      ),
    );
    expect(a?.equals(b as Buffer)).toBe(false);
    expect(a?.equals(again as Buffer)).toBe(true);
  });

  it("serves a video as a WebM clip, with byte ranges and HEAD", async () => {
    const { urls } = await finished({ kind: "video", prompt: "waves", aspectRatio: "9:16" });
    const url = urls[0] as string;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/webm");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await res.arrayBuffer());
    expect([...body.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML magic
    expect(body.length).toBe(statSync(videoClipPath("9:16")).size);

    const range = await fetch(url, { headers: { range: "bytes=0-99" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 0-99/${body.length}`);
    expect((await range.arrayBuffer()).byteLength).toBe(100);

    const head = await fetch(url, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(body.length));
  });

  it("answers 404 until the render is ready, for failures and for the wrong extension", async () => {
    const pending = await sim.client.createRender(KEYS.team1, {
      kind: "video",
      prompt: "x",
      model: "seedance",
      durationSeconds: 60,
    });
    expect((await fetch(`${sim.url}/media/${pending.body.id}.webm`)).status).toBe(404);
    const failed = await finished({ kind: "image", prompt: "[fail]" });
    expect((await fetch(`${sim.url}/media/${failed.ids[0]}.png`)).status).toBe(404);
    const ok = await finished({ kind: "image", prompt: "x" });
    expect((await fetch(`${sim.url}/media/${ok.ids[0]}.webm`)).status).toBe(404);
    const missing = await fetch(`${sim.url}/media/rnd_unknown.png`);
    expect({ status: missing.status, body: await missing.json() }).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "No such media" } },
    });
  });
});

describe("media expired by the admin endpoint", () => {
  const sim = simulatorForTests({ timeScale: 0.001 });

  it("answers 404 for that render's output from then on, and again after a reset clears it", async () => {
    const created = await sim.client.createRender(KEYS.team1, { kind: "image", prompt: "x", imageCount: 2 });
    await sim.client.waitTerminal(created.body.ids);
    const [gone, kept] = created.body.ids as [string, string];
    const expire = await fetch(`${sim.url}/__sim/media/${gone}`, { method: "DELETE" });
    expect({ status: expire.status, body: await expire.json() }).toEqual({
      status: 200,
      body: { expired: gone },
    });
    expect((await fetch(`${sim.url}/media/${gone}.png`)).status).toBe(404);
    expect((await fetch(`${sim.url}/media/${kept}.png`)).status).toBe(200);
    expect((await fetch(`${sim.url}/__sim/media/rnd_unknown`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("padded image outputs for load tests (mediaPaddingBytes)", () => {
  const padding = 3 * 1024 * 1024 + 7;
  const sim = simulatorForTests({ timeScale: 0.001, mediaPaddingBytes: padding });

  it("are the same picture with a private chunk of that many bytes before IEND", async () => {
    const created = await sim.client.createRender(KEYS.team1, {
      kind: "image",
      prompt: "a harbour",
      imageAspectRatio: "1:1",
    });
    await sim.client.waitTerminal(created.body.ids);
    const res = await fetch(`${sim.url}/media/${created.body.id}.png`);
    const file = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(file.length));
    const png = readPng(file);
    expect(png.chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "paDd", "IEND"]);
    expect(png.chunks[2]?.data.length).toBe(padding);
    expect({ width: png.width, height: png.height }).toEqual(pictureSize("1:1"));
  });
});

describe("padded video outputs for load tests (videoPaddingBytes)", () => {
  const padding = 2 * 1024 * 1024 + 5;
  const sim = simulatorForTests({ timeScale: 0.001, videoPaddingBytes: padding });

  it("are the clip followed by that many zeros, whole or by range", async () => {
    const created = await sim.client.createRender(KEYS.team1, {
      kind: "video",
      prompt: "waves",
      model: "kling",
      durationSeconds: 5,
      aspectRatio: "16:9",
    });
    await sim.client.waitTerminal(created.body.ids);
    const url = `${sim.url}/media/${created.body.id}.webm`;
    const clip = statSync(videoClipPath("16:9")).size;
    const res = await fetch(url);
    const file = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(clip + padding));
    expect(file.length).toBe(clip + padding);
    expect(file.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    expect(file.subarray(clip).every((byte) => byte === 0)).toBe(true);
    // A range across the clip's end: its last bytes, then zeros.
    const ranged = await fetch(url, { headers: { Range: `bytes=${clip - 2}-${clip + 1}` } });
    expect(ranged.status).toBe(206);
    expect([...Buffer.from(await ranged.arrayBuffer())]).toEqual([...file.subarray(clip - 2, clip + 2)]);
  });
});

/** Spec §4.1 (uploads) over real HTTP, including the choices the spec leaves open (README). */
import { describe, expect, it, vi } from "vitest";
import { KEYS, simulatorForTests, sleep } from "./test-client";

const BOUNDARY = "----simtestboundary7MA4YWxk";

type Part =
  { name: string; value: string } | { name: string; filename: string; type?: string; bytes: Uint8Array };

function multipart(parts: Part[], { close = true } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n`));
    if ("value" in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      const type = part.type ? `Content-Type: ${part.type}\r\n` : "";
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n${type}\r\n`,
        ),
      );
      chunks.push(Buffer.from(part.bytes), Buffer.from("\r\n"));
    }
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** A form whose file part is `size` bytes, produced chunk by chunk as the request is sent. */
function streamedForm(
  kind: string,
  type: string,
  size: number,
  chunkSize = 1024 * 1024,
): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const chunk = new Uint8Array(chunkSize).fill(7);
  let sent = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(new Uint8Array(head));
      } else if (sent < size) {
        const next = chunk.subarray(0, Math.min(chunkSize, size - sent));
        sent += next.length;
        controller.enqueue(next);
      } else {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${BOUNDARY}--\r\n`)));
        controller.close();
      }
    },
  });
}

const png = {
  name: "file",
  filename: "ref.png",
  type: "image/png",
  bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
};

describe("§4.1 uploads", () => {
  const sim = simulatorForTests();

  const send = (body: Buffer, headers: Record<string, string> = {}) =>
    sim.client.request("/api/v1/uploads", {
      method: "POST",
      key: KEYS.team1,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      body: new Uint8Array(body),
    });

  it.each([
    { kind: "image", type: "image/png", name: "cat.png" },
    { kind: "image", type: "image/webp", name: "cat.webp" },
    { kind: "video", type: "video/mp4", name: "clip.mp4" },
    { kind: "audio", type: "audio/mpeg", name: "voice.mp3" },
  ])("stores a $kind ($type) with 201 and serves it back at its URL", async ({ kind, type, name }) => {
    const bytes = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 256));
    const reply = await sim.client.upload(KEYS.team1, kind, { bytes, type, name });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      url: expect.stringMatching(new RegExp(`^${sim.url}/files/up_[a-z0-9]+/${name.replace(".", "\\.")}$`)),
      kind,
      contentType: type,
      bytes: 1000,
    });
    // Served like a CDN URL: no key needed.
    const file = await fetch(reply.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe(type);
    expect(file.headers.get("access-control-allow-origin")).toBe("*");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("serves byte ranges of an uploaded file", async () => {
    const reply = await sim.client.upload(KEYS.team1, "video", {
      bytes: new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
      type: "video/mp4",
    });
    const part = await fetch(reply.body.url, { headers: { range: "bytes=2-5" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-5/10");
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([2, 3, 4, 5]);
    expect((await fetch(reply.body.url, { headers: { range: "bytes=20-" } })).status).toBe(416);
  });

  it.each([
    {
      name: "an unknown kind",
      parts: [{ name: "kind", value: "document" }, png],
      message: "kind must be one of 'image', 'video', 'audio'",
    },
    { name: "no kind", parts: [png], message: "kind is required" },
    { name: "no file", parts: [{ name: "kind", value: "image" }], message: "file is required" },
    {
      name: "an empty file",
      parts: [
        { name: "kind", value: "image" },
        { ...png, bytes: new Uint8Array() },
      ],
      message: "file is empty",
    },
    {
      name: "a text file as an image",
      parts: [
        { name: "kind", value: "image" },
        { ...png, type: "text/plain" },
      ],
      message: "file has content type 'text/plain', which is not an image type (image/*)",
    },
    {
      name: "a video as audio, kind sent after the file",
      parts: [
        { ...png, type: "video/mp4" },
        { name: "kind", value: "audio" },
      ],
      message: "file has content type 'video/mp4', which is not an audio type (audio/*)",
    },
    {
      name: "two files",
      parts: [{ name: "kind", value: "image" }, png, png],
      message: "file must be sent once per upload",
    },
  ])("refuses $name with 422 naming the field", async ({ parts, message }) => {
    const reply = await send(multipart(parts as Part[]));
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 422,
      body: { error: { code: "invalid_request", message } },
    });
  });

  it("refuses a body that is not multipart with 415", async () => {
    const reply = await sim.client.request("/api/v1/uploads", {
      method: "POST",
      key: KEYS.team1,
      json: { kind: "image" },
    });
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 415,
      body: {
        error: {
          code: "unsupported_media_type",
          message: "Uploads must be multipart/form-data with the fields 'kind' and 'file'",
        },
      },
    });
  });

  it("refuses a multipart body without its closing boundary with 400", async () => {
    const reply = await send(multipart([{ name: "kind", value: "image" }, png], { close: false }));
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 400,
      body: {
        error: {
          code: "invalid_multipart",
          message: "Malformed multipart body: the body ended before the closing boundary",
        },
      },
    });
  });

  it("guesses the type from the extension when the part says octet-stream, and ignores unknown fields", async () => {
    const body = multipart([
      { name: "note", value: "hello" },
      { name: "kind", value: "image" },
      { ...png, type: "application/octet-stream", filename: "photo.JPG" },
    ]);
    const reply = await send(body);
    expect(reply.status).toBe(201);
    expect(reply.body.contentType).toBe("image/jpeg");
  });

  it("makes the file name safe for a URL", async () => {
    const reply = await send(
      multipart([
        { name: "kind", value: "image" },
        { ...png, filename: "../../etc/my cat?.png" },
      ]),
    );
    expect(reply.body.url).toMatch(/\/files\/up_[a-z0-9]+\/my_cat_.png$/);
    expect((await fetch(reply.body.url)).status).toBe(200);
  });

  it("answers 404 for unknown file URLs", async () => {
    const reply = await sim.client.upload(KEYS.team1, "image", { type: "image/png", name: "a.png" });
    expect((await fetch(reply.body.url.replace("/a.png", "/b.png"))).status).toBe(404);
    expect((await fetch(`${sim.url}/files/up_doesnotexist/a.png`)).status).toBe(404);
  });
});

describe("§4.1 upload size cap", () => {
  const sim = simulatorForTests({ uploadMaxBytes: 1000 });

  const sendFile = (size: number, init: RequestInit = {}) => {
    const form = new FormData();
    form.set("kind", "image");
    form.set("file", new Blob([new Uint8Array(size)], { type: "image/png" }), "big.png");
    return sim.client.request("/api/v1/uploads", { method: "POST", key: KEYS.team1, body: form, ...init });
  };

  it("accepts a file of exactly the cap", async () => {
    expect((await sendFile(1000)).body.bytes).toBe(1000);
  });

  it("refuses one byte more with 413", async () => {
    const reply = await sendFile(1001);
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 413,
      body: { error: { code: "payload_too_large", message: "file exceeds the upload limit of 1000 bytes" } },
    });
  });

  it("refuses while streaming a body of unknown length, and the response still arrives", async () => {
    const reply = await sim.client.request("/api/v1/uploads", {
      method: "POST",
      key: KEYS.team1,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: streamedForm("image", "image/png", 1024 * 1024, 16 * 1024),
      duplex: "half",
    } as RequestInit);
    expect(reply.status).toBe(413);
    // The connection is still usable afterwards.
    expect((await sim.client.account(KEYS.team1)).status).toBe(200);
  });

  it("refuses a declared Content-Length far over the cap before reading the body", async () => {
    const reply = await sim.client.request("/api/v1/uploads", {
      method: "POST",
      key: KEYS.team1,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: new Uint8Array(200_000),
    });
    expect(reply.status).toBe(413);
  });
});

describe("§4.1 large uploads stream to disk", () => {
  const sim = simulatorForTests();

  it("shrugs off an upload the client abandons half way", async () => {
    const errors = vi.spyOn(console, "error");
    const abort = new AbortController();
    const upload = sim.client.request("/api/v1/uploads", {
      method: "POST",
      key: KEYS.team1,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: streamedForm("video", "video/mp4", 64 * 1024 * 1024),
      duplex: "half",
      signal: abort.signal,
    } as RequestInit);
    setTimeout(() => abort.abort(), 100);
    await expect(upload).rejects.toThrow();
    await sleep(200); // the server learns of the abort when the socket closes
    expect((await sim.client.account(KEYS.team1)).status).toBe(200);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("takes 96 MB without holding it in memory", async () => {
    const size = 96 * 1024 * 1024;
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const reply = await sim.client.request("/api/v1/uploads", {
      method: "POST",
      key: KEYS.team1,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: streamedForm("video", "video/mp4", size),
      duplex: "half",
    } as RequestInit);
    clearInterval(timer);
    expect(reply.status).toBe(201);
    expect(reply.body.bytes).toBe(size);
    // Client and server share this process; together they stay far below the file's size.
    expect(peak - before).toBeLessThan(64 * 1024 * 1024); // buffering would add at least 96 MB
  }, 30_000);
});

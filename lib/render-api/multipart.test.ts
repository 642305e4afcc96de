import { describe, expect, it } from "vitest";
import { multipartBody } from "./multipart";
import { plain, plainError, pngUpload, serviceErrorOf } from "./test-support";

function streamOf(...chunks: string[]) {
  let cancelled: unknown = "not cancelled";
  const queue = chunks.map((c) => new TextEncoder().encode(c));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel(reason) {
      cancelled = reason;
    },
  });
  return { stream, cancelled: () => cancelled };
}

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("multipartBody", () => {
  it("is a multipart body a form-data parser reads back, with its exact length", async () => {
    const source = streamOf("hello ", "world");
    const body = multipartBody(pngUpload(source.stream, { contentLength: 11 }));
    const bytes = await bytesOf(body.stream);
    expect(bytes.byteLength).toBe(body.contentLength);
    const form = await new Response(bytes, { headers: { "content-type": body.contentType } }).formData();
    expect(form.get("kind")).toBe("image");
    const file = form.get("file") as File;
    expect({ name: file.name, type: file.type, text: await file.text() }).toEqual({
      name: "a.png",
      type: "image/png",
      text: "hello world",
    });
  });

  it("quotes file names as browsers do", async () => {
    const body = multipartBody(pngUpload(streamOf("x").stream, { filename: 'a"b\r\nc.png' }));
    const text = new TextDecoder().decode(await bytesOf(body.stream));
    expect(text).toContain('filename="a%22b%0D%0Ac.png"');
    expect(body.contentLength).toBeUndefined();
  });

  it("uses a fresh random boundary each time", () => {
    const a = multipartBody(pngUpload(streamOf().stream));
    const b = multipartBody(pngUpload(streamOf().stream));
    expect(a.contentType).toMatch(/^multipart\/form-data; boundary=-+RenderServiceBoundary[0-9a-f]{32}$/);
    // RFC 2046: at most 70 characters (a parser may cut a longer one short).
    expect(a.contentType.split("boundary=")[1]?.length).toBeLessThanOrEqual(70);
    expect(a.contentType).not.toBe(b.contentType);
  });

  it("refuses a content type that could break the part header, before reading anything", async () => {
    const source = streamOf("x");
    const error = await serviceErrorOf(
      Promise.resolve().then(() =>
        multipartBody(pngUpload(source.stream, { contentType: "image/png\r\nX-Evil: 1" })),
      ),
    );
    expect(plain(error)).toEqual(
      plainError(
        0,
        "invalid_request",
        "Upload content type is not a valid MIME type: image/png\r\nX-Evil: 1",
        { mayHaveReachedService: false },
      ),
    );
    expect(source.stream.locked).toBe(false);
  });

  it("release cancels the caller's stream, and a released body never ends with a closing boundary", async () => {
    const source = streamOf("a", "b", "c");
    const body = multipartBody(pngUpload(source.stream));
    const reader = body.stream.getReader();
    await reader.read(); // preamble
    await reader.read(); // "a"
    await body.release("upstream answered early");
    expect(source.cancelled()).toBe("upstream answered early");
    await expect(reader.read()).rejects.toThrow("upload released before its end");
  });

  it("cancelling the body (fetch aborted) cancels the caller's stream", async () => {
    const source = streamOf("a", "b");
    const body = multipartBody(pngUpload(source.stream));
    await body.stream.cancel("timeout");
    expect(source.cancelled()).toBe("timeout");
  });
});

/** The streaming multipart parser, fed in every possible split so chunk boundaries cannot matter. */
import { describe, expect, it } from "vitest";
import { SimError } from "./errors";
import { multipartBoundary, parseMultipart, type MultipartEvent } from "./multipart";

const B = "XyZ-boundary";

async function* chunks(body: Buffer, sizes: number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (const size of sizes) {
    yield body.subarray(at, at + size);
    at += size;
  }
  if (at < body.length) yield body.subarray(at);
}

/** Events with data merged per part, so different chunkings compare equal. */
async function parse(body: Buffer, sizes: number[] = [body.length]) {
  const parts: { name: string; filename?: string; contentType?: string; data: string }[] = [];
  for await (const event of parseMultipart(chunks(body, sizes), B) as AsyncGenerator<MultipartEvent>) {
    if (event.type === "part") {
      parts.push({
        name: event.name,
        ...(event.filename !== undefined && { filename: event.filename }),
        ...(event.contentType !== undefined && { contentType: event.contentType }),
        data: "",
      });
    } else if (event.type === "data") {
      const last = parts.at(-1);
      if (last) last.data += event.chunk.toString("latin1");
    }
  }
  return parts;
}

const FORM = Buffer.from(
  "preamble to ignore\r\n" +
    `--${B}\r\n` +
    'Content-Disposition: form-data; name="kind"\r\n\r\n' +
    "image\r\n" +
    `--${B}\r\n` +
    'Content-Disposition: form-data; name="file"; filename="a \\"b\\".png"\r\n' +
    "Content-Type: image/png\r\n\r\n" +
    `\r\n--${B.slice(0, 5)} not a boundary \r\n-- \r\r\n` +
    `\r\n--${B}--\r\n` +
    "epilogue to ignore",
  "latin1",
);

const EXPECTED = [
  { name: "kind", data: "image" },
  {
    name: "file",
    filename: 'a "b".png',
    contentType: "image/png",
    data: `\r\n--${B.slice(0, 5)} not a boundary \r\n-- \r\r\n`,
  },
];

describe("parseMultipart", () => {
  it("parses a form in one chunk", async () => {
    expect(await parse(FORM)).toEqual(EXPECTED);
  });

  it("parses the same however the body is split in two", async () => {
    for (let split = 1; split < FORM.length; split++) {
      expect(await parse(FORM, [split])).toEqual(EXPECTED);
    }
  });

  it("parses the same when fed one byte at a time", async () => {
    expect(await parse(FORM, Array(FORM.length).fill(1))).toEqual(EXPECTED);
  });

  it("reads the RFC 5987 filename* form", async () => {
    const body = Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="x.png"; filename*=UTF-8''caf%C3%A9.png\r\n\r\nA\r\n--${B}--`,
    );
    expect(await parse(body)).toEqual([{ name: "file", filename: "café.png", data: "A" }]);
  });

  it.each([
    [
      "no closing boundary",
      `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx`,
      "the body ended before the closing boundary",
    ],
    ["no boundary at all", "just text", "the body ended before the closing boundary"],
    [
      "a part without disposition",
      `--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--`,
      "a part has no form-data disposition",
    ],
    [
      "a part without name",
      `--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${B}--`,
      "a part has no name",
    ],
  ])("refuses %s", async (_, text, detail) => {
    const error = await parse(Buffer.from(text)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimError);
    expect(error).toMatchObject({
      code: "invalid_multipart",
      message: `Malformed multipart body: ${detail}`,
    });
  });
});

describe("multipartBoundary", () => {
  it.each([
    ["multipart/form-data; boundary=abc", "abc"],
    ['multipart/form-data; boundary="a b:c"', "a b:c"],
    ["Multipart/Form-Data;charset=utf-8;BOUNDARY=xyz", "xyz"],
    ["multipart/mixed; boundary=abc", undefined],
    ["application/json", undefined],
    ["multipart/form-data", undefined],
    [undefined, undefined],
  ])("%s → %s", (header, boundary) => {
    expect(multipartBoundary(header)).toBe(boundary);
  });
});

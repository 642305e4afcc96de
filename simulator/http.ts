/**
 * Small request and response helpers over node:http, so handlers read as the spec reads.
 */
import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { SimError } from "./errors";

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The whole body, refused with 413 once it passes `maxBytes` (JSON bodies only; uploads stream). */
async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new SimError("payload_too_large", `Request body exceeds ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw new SimError("payload_too_large", `Request body exceeds ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const body = await readBody(req, maxBytes);
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new SimError("invalid_json", "Request body is not valid JSON");
  }
}

/** `paddingBytes`: zeros after the file, made while sent (load tests of big outputs; nothing is stored). */
export type Content =
  { type: "buffer"; data: Buffer } | { type: "file"; path: string; size: number; paddingBytes?: number };

function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Multiple or odd ranges are answered with the whole file, which RFC 9110 allows.
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

const ZEROS = Buffer.alloc(2 ** 20);

/** Bytes `start` to `end` of a file of `fileSize` bytes followed by zeros, the zeros made as they are read. */
async function* paddedFile(path: string, fileSize: number, start: number, end: number) {
  if (start < fileSize) yield* createReadStream(path, { start, end: Math.min(end, fileSize - 1) });
  for (let at = Math.max(start, fileSize); at <= end; at += ZEROS.length)
    yield ZEROS.subarray(0, Math.min(ZEROS.length, end - at + 1));
}

/**
 * Sends a file or buffer the way a CDN would: GET and HEAD, single byte ranges (browsers need them to
 * seek in video), and the caller's caching headers.
 */
export async function sendContent(
  req: IncomingMessage,
  res: ServerResponse,
  content: Content,
  headers: Record<string, string>,
): Promise<void> {
  const size = content.type === "buffer" ? content.data.length : content.size + (content.paddingBytes ?? 0);
  const range = byteRange(req.headers.range, size);
  const common = { "accept-ranges": "bytes", ...headers };
  if (range === "unsatisfiable") {
    res.writeHead(416, { ...common, "content-range": `bytes */${size}` });
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  res.writeHead(range ? 206 : 200, {
    ...common,
    "content-length": String(Math.max(0, end - start + 1)),
    ...(range && { "content-range": `bytes ${start}-${end}/${size}` }),
  });
  if (req.method === "HEAD" || size === 0) {
    res.end();
    return;
  }
  const body =
    content.type === "buffer"
      ? Readable.from([content.data.subarray(start, end + 1)])
      : Readable.from(paddedFile(content.path, content.size, start, end));
  try {
    await pipeline(body, res);
  } catch (error) {
    // Browsers routinely abandon media downloads (seeking, leaving the page): not an error here.
    if (!res.destroyed) throw error;
  }
}

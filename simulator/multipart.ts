/**
 * A streaming multipart/form-data parser (RFC 7578) small enough to read in one sitting.
 *
 * It yields the body as it arrives, part by part, so a 500 MB file goes to disk chunk by chunk and
 * the consumer's awaits give the socket natural backpressure. Only what a form upload needs is here:
 * no nested multiparts, no transfer encodings inside parts.
 */
import { SimError } from "./errors";

export type MultipartEvent =
  | { type: "part"; name: string; filename: string | undefined; contentType: string | undefined }
  | { type: "data"; chunk: Buffer }
  | { type: "partEnd" };

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_PREAMBLE_BYTES = 64 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a `multipart/form-data` content type, or undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const malformed = (detail: string) =>
  new SimError("invalid_multipart", `Malformed multipart body: ${detail}`);

/** Parameters of a header value such as `form-data; name="file"; filename="a.png"`. */
function headerParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const key = (m[1] as string).toLowerCase();
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : (m[3] ?? "").trim();
    params.set(key, raw);
  }
  return params;
}

function parsePartHeaders(block: string): Extract<MultipartEvent, { type: "part" }> {
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    if (!line) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) throw malformed("a part header has no name");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition");
  if (!disposition || !/^form-data\b/i.test(disposition))
    throw malformed("a part has no form-data disposition");
  const params = headerParams(disposition);
  const name = params.get("name");
  if (name === undefined) throw malformed("a part has no name");
  let filename = params.get("filename");
  const extended = params.get("filename*");
  if (extended) {
    // RFC 5987: charset'language'percent-encoded
    const encoded = extended.slice(extended.indexOf("'", extended.indexOf("'") + 1) + 1);
    try {
      filename = decodeURIComponent(encoded);
    } catch {
      // Keep the plain `filename` when the extended one is not valid percent-encoding.
    }
  }
  return { type: "part", name, filename, contentType: headers.get("content-type") };
}

type State = "preamble" | "afterBoundary" | "headers" | "body" | "done";

export async function* parseMultipart(
  source: AsyncIterable<Buffer>,
  boundary: string,
): AsyncGenerator<MultipartEvent> {
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buf: Buffer = Buffer.alloc(0);
  let state: State = "preamble";

  for await (const chunk of source) {
    if (state === "done") continue; // the epilogue is ignored, as RFC 2046 asks
    buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);

    for (;;) {
      if (state === "preamble") {
        const at = buf.indexOf(dashBoundary);
        if (at < 0) {
          if (buf.length > MAX_PREAMBLE_BYTES) throw malformed("no boundary found");
          break;
        }
        buf = buf.subarray(at + dashBoundary.length);
        state = "afterBoundary";
      } else if (state === "afterBoundary") {
        if (buf.length < 2) break;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = "done";
          break;
        }
        const eol = buf.indexOf(CRLF);
        if (eol < 0) {
          if (buf.length > 1024) throw malformed("boundary line too long");
          break;
        }
        buf = buf.subarray(eol + 2);
        state = "headers";
      } else if (state === "headers") {
        // A part with no headers at all starts straight with the blank line.
        const end = buf.subarray(0, 2).equals(CRLF) ? -2 : buf.indexOf(HEADER_END);
        if (end === -1) {
          if (buf.length > MAX_HEADER_BYTES) throw malformed("part headers too long");
          break;
        }
        const block = end === -2 ? "" : buf.subarray(0, end).toString("utf8");
        buf = buf.subarray(end === -2 ? 2 : end + HEADER_END.length);
        yield parsePartHeaders(block);
        state = "body";
      } else if (state === "body") {
        const at = buf.indexOf(delimiter);
        if (at >= 0) {
          if (at > 0) yield { type: "data", chunk: buf.subarray(0, at) };
          yield { type: "partEnd" };
          buf = buf.subarray(at + delimiter.length);
          state = "afterBoundary";
          continue;
        }
        // Hold back what could be the start of a delimiter split across chunks.
        const safe = buf.length - (delimiter.length - 1);
        if (safe > 0) {
          yield { type: "data", chunk: buf.subarray(0, safe) };
          buf = buf.subarray(safe);
        }
        break;
      } else {
        break;
      }
    }
  }
  if (state !== "done") throw malformed("the body ended before the closing boundary");
}

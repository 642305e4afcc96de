/**
 * A streamed `multipart/form-data` body for the upload endpoint (spec §4.1: fields `kind` and
 * `file`): preamble, then the caller's bytes as they arrive, then the closing boundary. Nothing is
 * buffered, so a large upload costs one chunk of memory, not its size.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { RenderServiceError } from "./errors";

export interface MultipartFile {
  kind: string;
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
  /** Exact byte length of `body`, when known: lets the request carry a Content-Length. */
  contentLength?: number;
}

export interface MultipartBody {
  stream: ReadableStream<Uint8Array>;
  /** The Content-Type header value, with the boundary. */
  contentType: string;
  /** Whole body length, when the file's length is known. */
  contentLength?: number;
  /**
   * Ends the caller's stream once the request is over. After an early answer (say 413) the caller's
   * source (often the browser's request body) would otherwise stay open, unread.
   */
  release(reason?: unknown): Promise<void>;
}

/** `type/subtype` with optional parameters, and nothing that could end a header line. */
const MIME_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;[^\r\n]*)?$/;

function invalid(message: string): RenderServiceError {
  return new RenderServiceError({
    status: 0,
    code: "invalid_request",
    message,
    mayHaveReachedService: false,
  });
}

/** Quoting of names in a part header, as browsers do it (WHATWG HTML, multipart/form-data encoding). */
function quote(value: string): string {
  return `"${value.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}"`;
}

export function multipartBody(file: MultipartFile): MultipartBody {
  if (!MIME_TYPE.test(file.contentType))
    throw invalid(`Upload content type is not a valid MIME type: ${file.contentType}`);
  if (file.filename.trim() === "") throw invalid("Upload filename is empty");
  if (
    file.contentLength !== undefined &&
    !(Number.isSafeInteger(file.contentLength) && file.contentLength >= 0)
  ) {
    throw invalid("Upload contentLength must be a whole number of bytes");
  }

  // 128 random bits make a collision with the file's content no practical concern (as in browsers);
  // the whole boundary stays within RFC 2046's 70 characters, which strict parsers enforce.
  const boundary = `----RenderServiceBoundary${randomBytes(16).toString("hex")}`;
  const encoder = new TextEncoder();
  const preamble = encoder.encode(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="kind"\r\n\r\n` +
      `${file.kind}\r\n` +
      `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename=${quote(file.filename)}\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  const epilogue = encoder.encode(`\r\n--${boundary}--\r\n`);

  const source = file.body.getReader();
  let started = false;
  let released = false;

  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(preamble);
          return;
        }
        const { done, value } = await source.read();
        if (released) {
          // A closing boundary after a cut-off file would make a truncated upload look whole.
          controller.error(new Error("upload released before its end"));
        } else if (done) {
          controller.enqueue(epilogue);
          controller.close();
        } else {
          controller.enqueue(value);
        }
      },
      cancel(reason) {
        return source.cancel(reason);
      },
    },
    // Pull only when fetch asks: the caller's stream is read at the pace the upstream accepts it.
    { highWaterMark: 0 },
  );

  return {
    stream,
    contentType: `multipart/form-data; boundary=${boundary}`,
    ...(file.contentLength !== undefined && {
      contentLength: preamble.byteLength + file.contentLength + epilogue.byteLength,
    }),
    async release(reason) {
      released = true;
      // Cancelling a stream that already ended is a no-op; a failed cancel changes nothing for us.
      await source.cancel(reason).catch(() => {});
    },
  };
}

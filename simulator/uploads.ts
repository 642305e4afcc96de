/**
 * The upload endpoint (spec §4.1): a multipart form streamed to a temporary file, never held in
 * memory, so a 500 MB video costs the process a few chunks of RAM rather than 500 MB.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { once } from "node:events";
import { UPLOAD_KINDS, type UploadKind } from "@/lib/domain/uploads";
import type { Caller } from "./accounts";
import { SimError } from "./errors";
import { newId } from "./ids";
import { multipartBoundary, parseMultipart } from "./multipart";

export const DEFAULT_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
/** Room for the form's boundaries and small fields when judging a declared Content-Length. */
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_KIND_CHARS = 100;

export interface StoredUpload {
  readonly id: string;
  readonly url: string;
  readonly path: string;
  readonly filename: string;
  readonly accountId: string;
  readonly kind: UploadKind;
  readonly contentType: string;
  readonly bytes: number;
}

export class UploadStore {
  private readonly byUrl = new Map<string, StoredUpload>();
  private readonly byId = new Map<string, StoredUpload>();

  constructor(readonly dir: string) {}

  add(upload: StoredUpload): void {
    this.byUrl.set(upload.url, upload);
    this.byId.set(upload.id, upload);
  }

  all(): StoredUpload[] {
    return [...this.byId.values()];
  }

  findByUrl(url: string): StoredUpload | undefined {
    return this.byUrl.get(url);
  }

  findById(id: string): StoredUpload | undefined {
    return this.byId.get(id);
  }

  /** Forgets one upload and deletes its file: its URL is no longer served nor accepted as a reference. */
  async remove(id: string): Promise<boolean> {
    const upload = this.byId.get(id);
    if (!upload) return false;
    this.byId.delete(id);
    this.byUrl.delete(upload.url);
    await rm(upload.path, { force: true });
    return true;
  }

  async clear(): Promise<void> {
    const paths = [...this.byId.values()].map((u) => u.path);
    this.byUrl.clear();
    this.byId.clear();
    await Promise.all(paths.map((p) => rm(p, { force: true })));
  }
}

export function uploadRecord(upload: StoredUpload) {
  return { url: upload.url, kind: upload.kind, contentType: upload.contentType, bytes: upload.bytes };
}

/** Used when a part arrives without a usable Content-Type, as some clients send for unknown files. */
const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".ogg": "audio/ogg",
  ".m4a": "audio/mp4",
};

function resolveContentType(declared: string | undefined, filename: string): string {
  const essence = declared?.split(";")[0]?.trim().toLowerCase();
  if (essence && essence !== "application/octet-stream") return essence;
  return TYPE_BY_EXTENSION[path.extname(filename).toLowerCase()] ?? essence ?? "application/octet-stream";
}

/** A name safe in a URL path and on disk, keeping the extension readable. */
function safeFilename(original: string | undefined): string {
  const base = (original ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "");
  if (!cleaned) return "upload";
  const ext = path.extname(cleaned).slice(0, 10);
  return cleaned.length <= 100 ? cleaned : cleaned.slice(0, 100 - ext.length) + ext;
}

function checkKind(kind: string): UploadKind {
  const known = UPLOAD_KINDS.find((k) => k === kind);
  if (!known)
    throw new SimError(
      "invalid_request",
      `kind must be one of ${UPLOAD_KINDS.map((k) => `'${k}'`).join(", ")}`,
    );
  return known;
}

function checkFamily(kind: UploadKind, contentType: string): void {
  if (!contentType.startsWith(`${kind}/`)) {
    throw new SimError(
      "invalid_request",
      `file has content type '${contentType}', which is not an ${kind} type (${kind}/*)`,
    );
  }
}

const tooLarge = (maxBytes: number) =>
  new SimError("payload_too_large", `file exceeds the upload limit of ${maxBytes} bytes`);

/** A temporary file written with backpressure and removed again if the upload is refused. */
class TempFile {
  bytes = 0;
  private readonly stream: WriteStream;
  /**
   * The stream's first error, kept by a listener that is always there: a refusal destroys the
   * stream while a chunk may still be on its way to disk, and that write's error must not become
   * an uncaught exception of the whole simulator.
   */
  private failure: Error | undefined;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path, { flags: "wx" });
    this.stream.on("error", (error) => {
      this.failure ??= error;
    });
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, "drain");
  }

  async close(): Promise<void> {
    this.stream.end();
    await once(this.stream, "close");
    if (this.failure) throw this.failure;
  }

  async discard(): Promise<void> {
    this.stream.destroy();
    await rm(this.path, { force: true });
  }
}

export interface UploadContext {
  store: UploadStore;
  caller: Caller;
  maxBytes: number;
  publicBaseUrl: string;
}

interface FilePart {
  file: TempFile;
  filename: string;
  contentType: string;
  done: boolean;
}

export async function receiveUpload(req: IncomingMessage, ctx: UploadContext): Promise<StoredUpload> {
  const boundary = multipartBoundary(req.headers["content-type"]);
  if (!boundary) {
    throw new SimError(
      "unsupported_media_type",
      "Uploads must be multipart/form-data with the fields 'kind' and 'file'",
    );
  }
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > ctx.maxBytes + MULTIPART_OVERHEAD) throw tooLarge(ctx.maxBytes);

  const id = newId("up");
  let kindText: string | undefined;
  let kind: UploadKind | undefined;
  let part: FilePart | undefined;
  let reading: "kind" | "file" | "ignored" = "ignored";

  try {
    // destroyOnReturn: false keeps the socket alive when a refusal stops the loop early, so the
    // error response can still be written and the rest of the body drained.
    const source = req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
    for await (const event of parseMultipart(source, boundary)) {
      if (event.type === "part") {
        if (event.name === "kind" && event.filename === undefined) {
          reading = "kind";
          kindText = "";
        } else if (event.name === "file") {
          if (part) throw new SimError("invalid_request", "file must be sent once per upload");
          const filename = safeFilename(event.filename);
          const contentType = resolveContentType(event.contentType, filename);
          // Refuse a mismatched file before receiving its bytes when the kind came first.
          if (kind) checkFamily(kind, contentType);
          part = { file: new TempFile(path.join(ctx.store.dir, id)), filename, contentType, done: false };
          reading = "file";
        } else {
          reading = "ignored"; // unknown form fields are ignored, like unknown JSON fields
        }
      } else if (event.type === "data") {
        if (reading === "kind") {
          kindText = (kindText ?? "") + event.chunk.toString("utf8");
          if (kindText.length > MAX_KIND_CHARS) checkKind(kindText);
        } else if (reading === "file" && part) {
          if (part.file.bytes + event.chunk.length > ctx.maxBytes) throw tooLarge(ctx.maxBytes);
          await part.file.write(event.chunk);
        }
      } else {
        if (reading === "kind") kind = checkKind(kindText ?? "");
        if (reading === "file" && part) {
          await part.file.close();
          part.done = true;
        }
        reading = "ignored";
      }
    }

    if (kindText === undefined) throw new SimError("invalid_request", "kind is required");
    const finalKind = kind ?? checkKind(kindText);
    if (!part?.done) throw new SimError("invalid_request", "file is required");
    if (part.file.bytes === 0) throw new SimError("invalid_request", "file is empty");
    checkFamily(finalKind, part.contentType);

    const upload: StoredUpload = {
      id,
      url: `${ctx.publicBaseUrl}/files/${id}/${part.filename}`,
      path: part.file.path,
      filename: part.filename,
      accountId: ctx.caller.account.id,
      kind: finalKind,
      contentType: part.contentType,
      bytes: part.file.bytes,
    };
    ctx.store.add(upload);
    return upload;
  } catch (error) {
    await part?.file.discard();
    throw error;
  }
}

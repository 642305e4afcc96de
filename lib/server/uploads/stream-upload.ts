import "server-only";
/**
 * Streams a browser's multipart upload to the Render Service without holding the file: busboy reads
 * the `kind` field and the file part as they arrive, and the file's bytes flow straight into the
 * upstream request. The size cap is enforced while streaming, and the stored size is checked
 * against the bytes sent, so a cut-off upload is an error rather than a truncated file.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { formatBytes } from "@/lib/domain/bytes";
import { withoutControls } from "@/lib/domain/text";
import { type LedgerUpload, type MadeBy } from "@/lib/contract";
import { UPLOAD_LIMITS } from "@/lib/domain/uploads";
import { AppError } from "@/lib/contract/errors";
import { UPLOAD_KINDS, type UploadKind } from "@/lib/domain/uploads";
import { getDb } from "@/lib/server/db/database";
import { recordUpload } from "@/lib/server/ledger/uploads";
import { renderService } from "@/lib/server/runtime/render-service";
import { toAppError } from "@/lib/server/runtime/upstream-errors";

/** Room for the multipart boundaries and the `kind` field around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const isUploadKind = (value: string | undefined): value is UploadKind =>
  (UPLOAD_KINDS as readonly string[]).includes(value ?? "");

const tooLarge = (maxBytes: number) =>
  new AppError("payload_too_large", `The file is larger than the ${formatBytes(maxBytes)} limit.`, {
    field: "file",
  });

export async function streamUpload(
  request: Request,
  maxBytes: number,
  madeBy: MadeBy,
): Promise<LedgerUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError(
      "unsupported_media_type",
      "Send uploads as multipart/form-data with the fields kind and file.",
    );
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
  if (!request.body) throw new AppError("invalid_request", "file is required.", { field: "file" });

  const input = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
  return new Promise<LedgerUpload>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, upload?: LedgerUpload) => {
      if (settled) return;
      settled = true;
      if (upload) resolve(upload);
      else {
        input.unpipe();
        input.resume();
        reject(toAppError(error));
      }
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        // Browsers send a file's name as UTF-8 bytes; busboy reads it as Latin-1 unless told.
        defParamCharset: "utf8",
        limits: { files: 1, fields: 4, fileSize: maxBytes, fieldSize: 1024 },
      });
    } catch {
      return finish(new AppError("invalid_request", "The multipart body is malformed.", { field: "file" }));
    }

    let kind: string | undefined;
    let sawFile = false;
    parser.on("field", (name, value) => {
      if (name === "kind") kind = value;
    });
    parser.on("file", (name, file, info) => {
      if (name !== "file" || sawFile) return void file.resume();
      sawFile = true;
      if (!isUploadKind(kind)) {
        file.resume();
        return finish(
          new AppError("invalid_request", "kind must be image, video or audio, and must come before file.", {
            field: "kind",
          }),
        );
      }
      const accepted: readonly string[] = UPLOAD_LIMITS.acceptedTypes[kind];
      if (!accepted.includes(info.mimeType)) {
        file.resume();
        return finish(
          new AppError(
            "unsupported_media_type",
            `A ${kind} reference must be one of: ${accepted.join(", ")}.`,
            {
              field: "file",
            },
          ),
        );
      }
      forwardFile(file, {
        kind,
        // Control characters a file name may carry are dropped: nothing a person named it for.
        filename: withoutControls(info.filename ?? "") || "upload",
        contentType: info.mimeType,
        maxBytes,
        madeBy,
      }).then(
        (upload) => finish(undefined, upload),
        (error: unknown) => finish(error),
      );
    });
    parser.on("error", () =>
      finish(new AppError("invalid_request", "The upload was cut off or malformed.", { field: "file" })),
    );
    parser.on("close", () => {
      if (!sawFile) finish(new AppError("invalid_request", "file is required.", { field: "file" }));
    });
    // The browser went away or cancelled: nothing to answer, and no server fault to log.
    input.on("error", () =>
      finish(
        new AppError("invalid_request", "The upload was cut off before the file ended.", { field: "file" }),
      ),
    );
    input.pipe(parser);
  });
}

async function forwardFile(
  file: Readable & { truncated?: boolean },
  meta: { kind: UploadKind; filename: string; contentType: string; maxBytes: number; madeBy: MadeBy },
): Promise<LedgerUpload> {
  let sent = 0;
  let failure: AppError | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      file.on("data", (chunk: Buffer) => {
        // After a failure the rest of the part is drained, not forwarded.
        if (failure) return;
        sent += chunk.byteLength;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) file.pause();
      });
      file.on("limit", () => {
        failure = tooLarge(meta.maxBytes);
        controller.error(failure);
      });
      file.on("error", () => {
        failure = new AppError("invalid_request", "The upload was cut off before the file ended.", {
          field: "file",
        });
        controller.error(failure);
      });
      file.on("end", () => {
        if (!failure) controller.close();
      });
    },
    pull() {
      file.resume();
    },
    cancel() {
      file.resume();
    },
  });

  let record;
  try {
    const { kind, filename, contentType } = meta;
    record = await renderService().upload({ kind, filename, contentType, body });
  } catch (error) {
    throw failure ?? error;
  }
  if (failure) throw failure;
  if (record.bytes !== sent) {
    throw new AppError(
      "upstream_error",
      `The Render Service stored ${record.bytes} bytes of a ${sent}-byte file.`,
    );
  }
  return recordUpload(await getDb(), record, meta.filename.slice(0, 255), meta.madeBy);
}

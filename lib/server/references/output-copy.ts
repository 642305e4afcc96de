import "server-only";
/**
 * A render's output made a reference: the service takes as references only URLs its own upload
 * endpoint returned (spec §4.1, §4.2 rule 1), so the output is copied there, server side. The bytes
 * are fetched only from the media origins, as downloads are, and streamed into the upload as they
 * arrive, never held whole. Each output is copied once: later uses take the stored upload again,
 * unless the service no longer serves it. Nothing is charged and no render is started.
 */
import { AppError, type LedgerUpload, type Member, madeBy } from "@/lib/contract";
import { outputExtension } from "@/lib/domain/download-names";
import { notReadyReason } from "@/lib/domain/manifest";
import { UPLOAD_LIMITS, type UploadKind } from "@/lib/domain/uploads";
import { getDb } from "@/lib/server/db/database";
import type { RenderRow } from "@/lib/server/db/schema";
import { outputCopyOf, recordOutputCopy } from "@/lib/server/ledger/output-copies";
import { getRenderRow } from "@/lib/server/ledger/renders";
import { serverConfig } from "@/lib/server/runtime/config";
import { OutputError, openOutput, outputOrigins, type OpenOutput } from "@/lib/server/runtime/output-fetch";
import { processSingleton } from "@/lib/server/runtime/process-singleton";
import { renderService } from "@/lib/server/runtime/render-service";
import { toAppError } from "@/lib/server/runtime/upstream-errors";
import { assertMayMake } from "@/lib/server/team/limits";
import { stillServed } from "./upload-probe";

export interface OutputCopy {
  upload: LedgerUpload;
  /** False when an earlier copy was taken again. */
  copied: boolean;
}

/**
 * Copies in progress in this process, by render: a second use while the first copy runs (two
 * clicks, two tabs) waits for it rather than copying the output twice.
 */
const inFlight = processSingleton("output-copies-in-flight", () => new Map<string, Promise<OutputCopy>>());

/** The render's output as an upload the service accepts as a reference. */
export async function copyOutputAsReference(
  renderId: string,
  member: Member | null,
  signal?: AbortSignal,
): Promise<OutputCopy> {
  const row = await getRenderRow(await getDb(), renderId);
  if (!row) throw new AppError("not_found", "No render with this id in the dashboard's history.");
  return copyOf(row, member, signal);
}

/** The copy of a render the caller has already found in the ledger (and checked: ready, the right kind). */
export function copyOf(row: RenderRow, member: Member | null, signal?: AbortSignal): Promise<OutputCopy> {
  const running = inFlight.get(row.id);
  if (running) return running;
  const copy = reuseOrCopy(row, member, signal).finally(() => inFlight.delete(row.id));
  inFlight.set(row.id, copy);
  return copy;
}

async function reuseOrCopy(row: RenderRow, member: Member | null, signal?: AbortSignal): Promise<OutputCopy> {
  if (row.status !== "ready" || !row.output_url) {
    throw new AppError(
      "render_not_ready",
      `This render has no output to use as a reference: ${notReadyReason({ status: row.status, errorMessage: row.error_message })}.`,
    );
  }
  const db = await getDb();
  const earlier = await outputCopyOf(db, row.id);
  if (earlier && (await stillServed(earlier.url))) return { upload: earlier, copied: false };
  await assertMayMake("uploads", member);
  const kind: UploadKind = row.kind === "video" ? "video" : "image";
  const output = await openOrExplain(row.output_url, signal);
  const contentType = storedType(kind, output.contentType);
  const filename = `${row.id}.${outputExtension(row.output_url, contentType)}`;
  let sent = 0;
  const body = streamOf(output, (bytes) => (sent += bytes));
  let record;
  try {
    record = await renderService().upload({
      kind,
      filename,
      contentType,
      body,
      ...(output.contentLength !== null && { contentLength: output.contentLength }),
    });
  } catch (error) {
    throw error instanceof OutputError ? copyFailed(error) : toAppError(error);
  }
  // Nothing is recorded unless the service holds the whole file: a cut-off copy is an error.
  if (record.bytes !== sent || (output.contentLength !== null && sent !== output.contentLength)) {
    throw new AppError(
      "upstream_error",
      `The copy of this render's output was cut off: the service stored ${record.bytes} bytes of ${output.contentLength ?? sent}.`,
    );
  }
  return { upload: await recordOutputCopy(db, row.id, record, filename, madeBy(member)), copied: true };
}

async function openOrExplain(url: string, signal?: AbortSignal): Promise<OpenOutput> {
  try {
    return await openOutput(url, {
      signal: signal ?? new AbortController().signal,
      timeoutMs: serverConfig().RENDER_API_TIMEOUT_MS,
      origins: outputOrigins(),
    });
  } catch (error) {
    throw error instanceof OutputError ? copyFailed(error) : error;
  }
}

/** The output's bytes as the upload reads them, pulled at its pace; a failure is explained. */
function streamOf(output: OpenOutput, counted: (bytes: number) => void): ReadableStream<Uint8Array> {
  const chunks = output.body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await chunks.next();
          if (done) return controller.close();
          counted(value.byteLength);
          controller.enqueue(value);
        } catch (error) {
          controller.error(output.explain(error));
        }
      },
      cancel() {
        output.body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The type the upload declares: the output's own when the service takes it for this kind. */
function storedType(kind: UploadKind, declared: string | null): string {
  const essence = declared?.split(";")[0]?.trim().toLowerCase() ?? "";
  const accepted: readonly string[] = UPLOAD_LIMITS.acceptedTypes[kind];
  return accepted.includes(essence) ? essence : (accepted[0] ?? "application/octet-stream");
}

/** Why an output could not be copied, in the one error shape. */
function copyFailed(error: OutputError): AppError {
  if (error.failure === "gone") {
    return new AppError(
      "output_unavailable",
      "The service no longer has this render's output, so it cannot be used as a reference. Nothing was copied.",
      { cause: error },
    );
  }
  const why = `This render's output could not be copied to the service: ${error.message}. Nothing was copied.`;
  if (error.failure === "timeout") return new AppError("upstream_timeout", why, { cause: error });
  if (error.failure === "unreachable") return new AppError("upstream_unavailable", why, { cause: error });
  return new AppError("output_unavailable", why, { cause: error });
}

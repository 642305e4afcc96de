import "server-only";
/**
 * `GET /api/renders/{id}/file` (and a shared render's `/s/<token>/file`): a render's output passed
 * through the dashboard with a meaningful name, streamed at the browser's pace and stopped when the
 * browser leaves.
 */
import { AppError, type LedgerRender } from "@/lib/contract";
import { attachmentDisposition, outputExtension, renderFileName } from "@/lib/domain/download-names";
import { notReadyReason } from "@/lib/domain/manifest";
import { getDb } from "@/lib/server/db/database";
import { getRenderRow, toLedgerRender } from "@/lib/server/ledger/renders";
import { serverConfig } from "@/lib/server/runtime/config";
import {
  OutputError,
  openOutput,
  outputAppError,
  outputOrigins,
  type OpenOutput,
} from "@/lib/server/runtime/output-fetch";
import { namedRender } from "./names";
import { pulledStream } from "./web-stream";

export async function downloadRender(id: string, signal: AbortSignal): Promise<Response> {
  const row = await getRenderRow(await getDb(), id);
  if (!row) throw new AppError("not_found", "No render with this id in the dashboard's history.");
  return outputResponse(toLedgerRender(row), signal);
}

export interface OutputResponseOptions {
  /** `inline` to show it in a page (a shared render's media), `attachment` to save it. */
  disposition?: "attachment" | "inline";
  /** False leaves the prompt's words out of the file's name (a share that hides the prompt). */
  promptInName?: boolean;
  /** Added to the answer's headers. */
  headers?: Record<string, string>;
}

/** A render's output as an answer, streamed from its media origin; refused while it has none. */
export async function outputResponse(
  render: LedgerRender,
  signal: AbortSignal,
  { disposition = "attachment", promptInName = true, headers: extra = {} }: OutputResponseOptions = {},
): Promise<Response> {
  if (render.status !== "ready" || !render.outputUrl) {
    throw new AppError(
      "render_not_ready",
      `This render has no output to download: ${notReadyReason(render)}.`,
    );
  }
  // The request's signal covers a browser that leaves; `cancelled` a body the server stops reading.
  const cancelled = new AbortController();
  let output;
  try {
    output = await openOutput(render.outputUrl, {
      signal: AbortSignal.any([signal, cancelled.signal]),
      timeoutMs: serverConfig().RENDER_API_TIMEOUT_MS,
      origins: outputOrigins(),
    });
  } catch (error) {
    throw error instanceof OutputError ? outputAppError(error) : error;
  }
  const named = namedRender(render);
  const file = renderFileName(
    promptInName ? named : { ...named, prompt: "" },
    outputExtension(render.outputUrl, output.contentType),
  );
  const headers: Record<string, string> = {
    "Content-Type": output.contentType ?? "application/octet-stream",
    "Content-Disposition": attachmentDisposition(file, disposition),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    ...extra,
  };
  if (output.contentLength !== null) headers["Content-Length"] = String(output.contentLength);
  return new Response(
    pulledStream(explained(output), () => cancelled.abort()),
    { status: 200, headers },
  );
}

/** The output's chunks, each failure explained as an `OutputError`. */
function explained({ body, explain }: OpenOutput): AsyncIterator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return {
    next: () =>
      chunks.next().catch((error: unknown) => {
        throw explain(error);
      }),
    return: async () => (await chunks.return?.()) ?? { done: true, value: undefined },
  };
}

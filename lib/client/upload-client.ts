/**
 * Uploading a reference file to `POST /api/uploads`. `fetch` cannot report upload progress, so this
 * uses XMLHttpRequest: progress through `upload.onprogress`, cancel through an AbortSignal, and every
 * failure rebuilt as the same `AppError` the rest of the browser code branches on.
 */
import type { LedgerUpload } from "@/lib/contract";
import { AppError } from "@/lib/contract/errors";
import { readAnswer } from "./api-client";
import type { UploadKind } from "@/lib/domain/uploads";

export interface UploadRequest {
  file: File;
  kind: UploadKind;
  /** Bytes of the request body sent so far, and its total. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException("The upload was cancelled.", "AbortError");
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

export function uploadFile({ file, kind, onProgress, signal }: UploadRequest): Promise<LedgerUpload> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.setRequestHeader("Accept", "application/json");

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      readAnswer("/api/uploads", xhr.status, body, (c) => c.ledgerUploadSchema).then(resolve, reject);
    };
    xhr.onerror = () =>
      reject(
        new AppError(
          "upstream_unavailable",
          "The upload did not complete: the dashboard server cannot be reached.",
          {
            status: 0,
          },
        ),
      );
    xhr.onabort = () => reject(abortError());
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    // `kind` goes first so the server can refuse a mismatched file before receiving its bytes.
    const form = new FormData();
    form.append("kind", kind);
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

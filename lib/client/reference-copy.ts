/**
 * A render's output made a reference: the server copies it to the service as an upload (once per
 * output) and answers the upload, which the form then places like one of its own.
 */
import type { LedgerUpload } from "@/lib/contract";
import { apiFetch } from "./api-client";

export async function copyRenderOutput(renderId: string, signal?: AbortSignal): Promise<LedgerUpload> {
  const answer = await apiFetch(
    `/api/renders/${encodeURIComponent(renderId)}/reference`,
    (c) => c.outputCopySchema,
    { method: "POST", signal },
  );
  return answer.upload;
}

import "server-only";
/** The reference library as the routes use it: an upload streamed to the service, and the list. */
import type { LedgerUpload, Member, UploadListQuery } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { listUploads } from "@/lib/server/ledger/uploads";
import { serverConfig } from "@/lib/server/runtime/config";
import { assertMayMake } from "@/lib/server/team/limits";
import { streamUpload } from "./stream-upload";

/**
 * A browser's multipart upload, streamed to the service as it arrives, under the configured cap; a
 * member past the uploads' rate is refused before any of it is read.
 */
export async function uploadReference(request: Request, member: Member | null): Promise<LedgerUpload> {
  await assertMayMake("uploads", member);
  return streamUpload(request, serverConfig().UPLOAD_MAX_BYTES, member);
}

export const uploadsPage = async (query: UploadListQuery) => listUploads(await getDb(), query);

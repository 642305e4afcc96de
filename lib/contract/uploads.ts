/** Reference uploads: the library's pages and the ledger's record of each (docs/api.md). */
import { z } from "zod/mini";
import { uploadRecordSchema } from "@/lib/domain/service-records";
import { UPLOAD_PAGE_SIZE } from "@/lib/domain/statuses";
import { UPLOAD_KINDS } from "@/lib/domain/uploads";
import { singleLineText } from "@/lib/domain/text";
import { madeBySchema } from "./team";
import { pageLimitSchema, pageOf } from "./pages";

/** Query parameters of `GET /api/uploads`. */
export const uploadListQuerySchema = z.object({
  kind: z.optional(z.enum(UPLOAD_KINDS, { error: "kind must be one of 'image', 'video', 'audio'" })),
  cursor: z.optional(z.string().check(z.maxLength(400), singleLineText("cursor"))),
  limit: z._default(pageLimitSchema, UPLOAD_PAGE_SIZE),
});
export type UploadListQuery = z.infer<typeof uploadListQuerySchema>;

/** The service's upload record (spec §2.1), whose `url` goes in a render request's reference lists. */
export const ledgerUploadSchema = z.object({
  ...uploadRecordSchema.shape,
  id: z.string(),
  filename: z.string(),
  createdAt: z.string(),
  member: madeBySchema,
});
export type LedgerUpload = z.infer<typeof ledgerUploadSchema>;

/** `GET /api/uploads` answers a page of the library, newest first. */
export const uploadListSchema = pageOf(ledgerUploadSchema);
export type UploadList = z.infer<typeof uploadListSchema>;

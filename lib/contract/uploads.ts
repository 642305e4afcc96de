/** Reference uploads: the ledger's record of each and the library's pages (docs/api.md). */
import { z } from "zod";
import { UPLOAD_PAGE_SIZE } from "@/lib/domain/statuses";
import { UPLOAD_KINDS } from "@/lib/domain/uploads";
import { madeBySchema } from "./team";
import { pageLimitSchema, pageOf } from "./pages";

export const ledgerUploadSchema = z.object({
  id: z.string(),
  /** The service's URL, to use in a render request's reference lists. */
  url: z.string(),
  kind: z.string(),
  contentType: z.string(),
  bytes: z.number().int().nonnegative(),
  filename: z.string(),
  createdAt: z.string(),
  member: madeBySchema,
});
export type LedgerUpload = z.infer<typeof ledgerUploadSchema>;

export const uploadListSchema = pageOf(ledgerUploadSchema);
export type UploadList = z.infer<typeof uploadListSchema>;

/** Query parameters of `GET /api/uploads`. */
export const uploadListQuerySchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: "kind must be one of 'image', 'video', 'audio'" }).optional(),
  cursor: z.string().max(400).optional(),
  limit: pageLimitSchema.default(UPLOAD_PAGE_SIZE),
});
export type UploadListQuery = z.infer<typeof uploadListQuerySchema>;

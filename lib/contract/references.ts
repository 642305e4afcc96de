/** Iterating on outputs: a render's output copied to the service as a reference (docs/api.md). */
import { z } from "zod/mini";
import { ledgerUploadSchema } from "./uploads";

/** `POST /api/renders/{id}/reference` answers the upload the output now is at the service. */
export const outputCopySchema = z.object({
  upload: ledgerUploadSchema,
  /** False when an earlier copy, still served, was taken again. */
  copied: z.boolean(),
});
export type OutputCopy = z.infer<typeof outputCopySchema>;

/** Iterating on outputs: a render's output copied to the service as a reference (docs/api.md). */
import { z } from "zod/mini";
import { ledgerUploadSchema } from "./uploads";
import { ledgerRenderSchema } from "./renders";

/** `POST /api/renders/{id}/reference` answers the upload the output now is at the service. */
export const outputCopySchema = z.object({
  upload: ledgerUploadSchema,
  /** False when an earlier copy, still served, was taken again. */
  copied: z.boolean(),
});
export type OutputCopy = z.infer<typeof outputCopySchema>;

/**
 * `GET /api/renders/{id}/family`: the render, its ancestors and its descendants, each with its
 * `parentIds` and `childIds` (links to renders outside the answer are left as they are).
 */
export const renderFamilySchema = z.object({ renders: z.array(ledgerRenderSchema) });
export type RenderFamily = z.infer<typeof renderFamilySchema>;

/**
 * The Render Service's records (spec §2), as zod schemas tolerant of what the spec leaves open:
 * extra fields pass through untouched, and `status` is any string (unknown values mean "not finished").
 */
import { z } from "zod";

export const uploadRecordSchema = z.looseObject({
  url: z.string(),
  kind: z.string(),
  contentType: z.string(),
  bytes: z.number().int().nonnegative(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

export const createRenderResponseSchema = z.looseObject({
  id: z.string(),
  ids: z.array(z.string()).min(1),
  batchId: z.string().nullable(),
  kind: z.enum(["image", "video"]),
  status: z.string(),
  renderModel: z.string(),
  creditsCharged: z.number().int(),
});
export type CreateRenderResponse = z.infer<typeof createRenderResponseSchema>;

export const chainProgressSchema = z.looseObject({
  clipsReady: z.number().int().nonnegative(),
  clipsTotal: z.number().int().positive(),
});
export type ChainProgress = z.infer<typeof chainProgressSchema>;

export const renderRecordSchema = z.looseObject({
  id: z.string(),
  kind: z.enum(["image", "video"]),
  status: z.string(),
  renderModel: z.string(),
  outputUrl: z.string().nullable(),
  errorMessage: z.string().nullable(),
  creditsRefunded: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  chain: chainProgressSchema.optional(),
});
export type RenderRecord = z.infer<typeof renderRecordSchema>;

export const accountRecordSchema = z.looseObject({
  plan: z.string(),
  planLabel: z.string(),
  renderCreditsBalance: z.number().int(),
  monthlyGrant: z.number().int(),
  key: z.looseObject({ name: z.string(), last4: z.string() }),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

/**
 * The Render Service's records (spec §2), as zod schemas tolerant of what the spec leaves open:
 * extra fields pass through untouched, and `status` is any string (unknown values mean "not finished").
 */
import { z } from "zod/mini";

// zod's mini build: the browser loads these through the contract. Mini has no default messages; the
// server, which parses the service's answers with these, loads the English ones
// (lib/render-api/zod-messages.ts).

/** A number, then a whole one: the same checks, in the same order, as `z.number().int()`. */
const int = () => z.number().check(z.int());
/** A whole number, 0 or more. */
const count = () => z.number().check(z.int(), z.nonnegative());

export const uploadRecordSchema = z.looseObject({
  url: z.string(),
  kind: z.string(),
  contentType: z.string(),
  bytes: count(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

export const createRenderResponseSchema = z.looseObject({
  id: z.string(),
  ids: z.array(z.string()).check(z.minLength(1)),
  batchId: z.nullable(z.string()),
  kind: z.enum(["image", "video"]),
  status: z.string(),
  renderModel: z.string(),
  creditsCharged: int(),
});
export type CreateRenderResponse = z.infer<typeof createRenderResponseSchema>;

export const chainProgressSchema = z.looseObject({
  clipsReady: count(),
  clipsTotal: z.number().check(z.int(), z.positive()),
});
export type ChainProgress = z.infer<typeof chainProgressSchema>;

export const renderRecordSchema = z.looseObject({
  id: z.string(),
  kind: z.enum(["image", "video"]),
  status: z.string(),
  renderModel: z.string(),
  outputUrl: z.nullable(z.string()),
  errorMessage: z.nullable(z.string()),
  creditsRefunded: count(),
  createdAt: z.string(),
  updatedAt: z.string(),
  chain: z.optional(chainProgressSchema),
});
export type RenderRecord = z.infer<typeof renderRecordSchema>;

export const accountRecordSchema = z.looseObject({
  plan: z.string(),
  planLabel: z.string(),
  renderCreditsBalance: int(),
  monthlyGrant: int(),
  key: z.looseObject({ name: z.string(), last4: z.string() }),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

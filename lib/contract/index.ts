/**
 * The dashboard's own HTTP API (docs/api.md): the shapes its routes return and the browser reads.
 */
import { z } from "zod";
import { RENDER_KINDS } from "@/lib/domain/catalogue";
import { chainProgressSchema, uploadRecordSchema } from "@/lib/domain/service-records";

/**
 * Statuses the ledger adds to the service's own (`pending`, `running`, `ready`, `failed`, or any
 * other string the service sends):
 * - `submitting`: the create call is under way; no upstream id yet.
 * - `unknown`: the create call's outcome is unknown (timeout, crash); it may or may not exist upstream.
 * - `rejected`: the service refused the create (no render exists, nothing charged).
 * - `lost`: the service no longer knows the id (404 twice).
 */
export const LEDGER_ONLY_STATUSES = ["submitting", "unknown", "rejected", "lost"] as const;

/** Statuses after which a ledger row never changes again. */
export const FINAL_LEDGER_STATUSES: readonly string[] = ["ready", "failed", "rejected", "lost"];

export function isFinalLedgerStatus(status: string): boolean {
  return FINAL_LEDGER_STATUSES.includes(status);
}

/** Who started a render or made an upload; null when sign-in was off. */
export const madeBySchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type MadeBy = z.infer<typeof madeBySchema>;

export const ledgerRenderSchema = z.object({
  /** The service's render id; for `submitting`/`unknown`/`rejected` rows, the dashboard's request id. */
  id: z.string(),
  /** The dashboard's id of the create request this render came from (shared by a batch's variants). */
  requestId: z.string(),
  batchId: z.string().nullable(),
  /** 0-based position of this variant in its batch. */
  variantIndex: z.number().int(),
  kind: z.enum(RENDER_KINDS),
  status: z.string(),
  /** The model id requested (`imageModel` or `model`, defaults applied). */
  model: z.string(),
  /** The service's resolved model and resolution label; null until the create call answers. */
  renderModel: z.string().nullable(),
  prompt: z.string(),
  /** The render request as sent (spec §4.2 field names). */
  params: z.record(z.string(), z.unknown()),
  outputUrl: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** Credits debited for this create request (shared by a batch: counted on its first variant only). */
  creditsCharged: z.number().int(),
  creditsRefunded: z.number().int(),
  chain: chainProgressSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the ledger first saw the render ready or failed. */
  completedAt: z.string().nullable(),
  /** Expected seconds from creation to completion (learned, or the typical time until then). */
  expectedSeconds: z.number(),
  member: madeBySchema,
});
export type LedgerRender = z.infer<typeof ledgerRenderSchema>;

export const renderListSchema = z.object({
  items: z.array(ledgerRenderSchema),
  nextCursor: z.string().nullable(),
});
export type RenderList = z.infer<typeof renderListSchema>;

/** Query parameters of `GET /api/renders`. */
export const renderListQuerySchema = z.object({
  status: z.string().max(40).optional(),
  kind: z.enum(RENDER_KINDS, { error: "kind must be one of 'image', 'video'" }).optional(),
  model: z.string().max(60).optional(),
  q: z.string().max(200, { error: "q must be at most 200 characters" }).optional(),
  batchId: z.string().max(200).optional(),
  /** A member id: their renders only ("mine" is the caller's own id). */
  member: z.string().max(100).optional(),
  /** Comma-separated render ids. */
  ids: z.string().max(4000).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be between 1 and 100" })
    .max(100, { error: "limit must be between 1 and 100" })
    .optional(),
});
export type RenderListQuery = z.infer<typeof renderListQuerySchema>;

export const ledgerUploadSchema = uploadRecordSchema.extend({
  id: z.string(),
  filename: z.string(),
  createdAt: z.string(),
  member: madeBySchema,
});
export type LedgerUpload = z.infer<typeof ledgerUploadSchema>;

export const uploadListSchema = z.object({
  items: z.array(ledgerUploadSchema),
  nextCursor: z.string().nullable(),
});
export type UploadList = z.infer<typeof uploadListSchema>;

export const healthSchema = z.object({
  ok: z.boolean(),
  database: z.object({ ok: z.boolean() }),
  scheduler: z.object({
    running: z.boolean(),
    active: z.number().int(),
    pausedUntil: z.string().nullable(),
    pollsInLastMinute: z.number().int(),
    budgetPerMinute: z.number().int(),
  }),
  upstream: z.object({ reachable: z.boolean(), latencyMs: z.number().nullable() }),
});
export type Health = z.infer<typeof healthSchema>;

/** Upload limits, shared by the drop zone and the upload route. */
export const UPLOAD_LIMITS = {
  /** Default cap in bytes; the server's cap comes from UPLOAD_MAX_BYTES. */
  defaultMaxBytes: 512 * 1024 * 1024,
  acceptedTypes: {
    image: ["image/png", "image/jpeg", "image/webp", "image/gif"],
    video: ["video/mp4", "video/webm", "video/quicktime"],
    audio: ["audio/mpeg", "audio/wav", "audio/x-wav", "audio/ogg", "audio/mp4", "audio/webm"],
  },
} as const;

/** Sign-in and team administration (docs/api.md, "Team access"). */
export const signInSchema = z.object({
  email: z.string({ error: "email is required" }).trim().min(1, { error: "email is required" }).max(320),
  password: z.string({ error: "password is required" }).min(1, { error: "password is required" }).max(1000),
});
export type SignIn = z.infer<typeof signInSchema>;

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["admin", "member"]),
  monthlyCapCredits: z.number().int().nullable(),
});

/** A member with this month's spend against the cap that applies to them. */
export const memberSpendSchema = memberSchema.extend({
  spentThisMonth: z.number().int(),
  effectiveCapCredits: z.number().int().nullable(),
});
export type MemberSpend = z.infer<typeof memberSpendSchema>;

export const sessionInfoSchema = z.object({
  authEnabled: z.boolean(),
  member: memberSpendSchema.nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

const capCredits = z
  .int({ error: "monthlyCapCredits must be a whole number of credits" })
  .min(0, { error: "monthlyCapCredits must be 0 or more" })
  .max(100_000_000, { error: "monthlyCapCredits is too large" })
  .nullable();

export const memberPatchSchema = z.object({
  role: z.enum(["admin", "member"], { error: "role must be one of 'admin', 'member'" }).optional(),
  /** null: the team default applies. */
  monthlyCapCredits: capCredits.optional(),
});

export const teamSettingsSchema = z.object({
  defaultMonthlyCapCredits: capCredits,
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

/**
 * Approval before spending (docs/api.md): a member's render estimated above the team's threshold
 * waits for an admin, who approves (it is sent, once) or declines it with a note.
 */
import { z } from "zod/mini";
import { RENDER_KINDS } from "@/lib/domain/catalogue";
import { multiLineText } from "@/lib/domain/text";
import { createRenderResultSchema, ledgerRenderSchema } from "./renders";
import { madeBySchema } from "./team";

const credits = z.nullable(z.number().check(z.int()));

/** `POST /api/renders` answers 202 with this when the render waits for approval: nothing was sent. */
export const awaitingApprovalResultSchema = z.object({
  /** The dashboard's id of the create request, also the id of its approval and of its gallery card. */
  requestId: z.string(),
  state: z.literal("awaiting_approval"),
  /** The estimate it was held on; null: the cost is unknown. */
  estimateCredits: credits,
  /** Its one placeholder render, status `awaiting_approval`. */
  renders: z.array(ledgerRenderSchema),
});
export type AwaitingApprovalResult = z.infer<typeof awaitingApprovalResultSchema>;

/** What `POST /api/renders` answers: the render started, or held for approval. */
export const createRenderAnswerSchema = z.union([createRenderResultSchema, awaitingApprovalResultSchema]);
export type CreateRenderAnswer = z.infer<typeof createRenderAnswerSchema>;

/** Path of `POST /api/approvals/{id}/approve|decline`: the create request's id. */
export const approvalIdParamsSchema = z.object({
  id: z
    .string()
    .check(z.regex(/^req_[A-Za-z0-9_-]{1,100}$/, { error: "id must be a render request id (req_…)." })),
});

/** Body of an approval or a decline. */
export const approvalDecisionBodySchema = z.object({
  /** Shown to the member with the decision (a decline's reason). */
  note: z.optional(
    z
      .string()
      .check(z.maxLength(500, { error: "note must be at most 500 characters" }), multiLineText("note")),
  ),
});
export type ApprovalDecisionBody = z.infer<typeof approvalDecisionBodySchema>;

/** A render held for approval: who asked, what, its estimate and, once decided, the decision. */
export const approvalSchema = z.object({
  /** The create request's id. */
  id: z.string(),
  member: madeBySchema,
  kind: z.enum(RENDER_KINDS),
  model: z.string(),
  prompt: z.string(),
  /** The render request as it will be sent (spec §4.2 field names). */
  params: z.record(z.string(), z.unknown()),
  estimateCredits: credits,
  /** Where the estimate came from ("from 3 earlier kling 1080p renders"); null when unknown. */
  estimateBasis: z.nullable(z.string()),
  requestedAt: z.string(),
  /** null while it waits. */
  decision: z.nullable(z.enum(["approved", "declined"])),
  note: z.nullable(z.string()),
  decidedBy: madeBySchema,
  decidedAt: z.nullable(z.string()),
});
export type Approval = z.infer<typeof approvalSchema>;

/** `GET /api/approvals`: the renders waiting, oldest first. */
export const approvalListSchema = z.object({ items: z.array(approvalSchema) });
export type ApprovalList = z.infer<typeof approvalListSchema>;

/** `POST /api/approvals/{id}/approve`: the decision and the render it started. */
export const approvalStartedSchema = z.object({ approval: approvalSchema, render: createRenderResultSchema });
export type ApprovalStarted = z.infer<typeof approvalStartedSchema>;

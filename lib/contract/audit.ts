/** The audit log (docs/api.md, "Audit log"): who did what, when and from where; admins read it. */
import { z } from "zod/mini";
import { AUDIT_KINDS } from "@/lib/domain/audit";
import { MEMBER_ID_PATTERN } from "./team";
import { pageLimitSchema, pageOf } from "./pages";
import { dateRangeBound, dateRangeCheck } from "./renders";

export { AUDIT_KINDS, AUDIT_KIND_LABELS, type AuditKind } from "@/lib/domain/audit";

export const auditKindSchema = z.enum(AUDIT_KINDS, { error: "kind must be one of the audit log's kinds" });

const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: auditKindSchema,
  /** Who did it, by their name at the time; null for a failed sign-in, or anyone while sign-in is off. */
  actor: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** The email a failed sign-in tried; never its password. */
  email: z.nullable(z.string()),
  /** The client's address, as the sign-in throttle reads it; null when it cannot be known. */
  address: z.nullable(z.string()),
  /** What it was done to: a member, a token, a share link, a board, renders, a price key… */
  target: z.nullable(
    z.object({ type: z.string(), id: z.nullable(z.string()), name: z.nullable(z.string()) }),
  ),
  /** The fields that changed, before and after (settings, a role, a cap, a rate, a decision). */
  change: z.nullable(
    z.object({
      before: z.record(z.string(), auditValueSchema),
      after: z.record(z.string(), auditValueSchema),
    }),
  ),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The filters the list and the CSV export share: who, what, and when (days are UTC, both included). */
export const auditFilterSchema = z
  .object({
    member: z.optional(
      z.string().check(z.regex(MEMBER_ID_PATTERN, { error: "member must be a member id." })),
    ),
    kind: z.optional(auditKindSchema),
    from: dateRangeBound("from"),
    to: dateRangeBound("to"),
  })
  .check(dateRangeCheck);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Query of `GET /api/audit`: the filters, newest first, a page at a time. */
export const auditListQuerySchema = z
  .object({
    ...auditFilterSchema.shape,
    cursor: z.optional(z.string().check(z.maxLength(200))),
    limit: z._default(pageLimitSchema, 50),
  })
  .check(dateRangeCheck);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The route map's entries for the audit log (lib/contract/api-routes.ts). */
import { auditFilterSchema, auditListQuerySchema, auditPageSchema } from "@/lib/contract/audit";
import type { ApiRouteEntries } from "./entry";

export const AUDIT_ROUTES = {
  "GET /api/audit": {
    summary: "The audit log: who did what, when and from which address, newest first",
    description:
      "Sign-ins, sign-outs, changes to members, tokens, share links, approvals, the team's settings and rate card, deleted boards and archived renders. Filtered by member, kind and UTC days; paged with `cursor`.",
    tag: "Team",
    access: "admin",
    query: auditListQuerySchema,
    success: { status: 200, description: "A page of entries.", schema: auditPageSchema },
  },
  "GET /api/audit/export": {
    summary: "Every entry the filters match, as CSV",
    description:
      "The same filters and columns as the list, newest first, streamed as the ledger is read, however many entries match.",
    tag: "Team",
    access: "admin",
    query: auditFilterSchema,
    success: {
      status: 200,
      description: "The entries as CSV (UTF-8 with a byte-order mark).",
      media: "text/csv",
    },
  },
} satisfies ApiRouteEntries;

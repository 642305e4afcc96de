/** The route map's entries for renders held for an admin's approval (lib/contract/api-routes.ts). */
import {
  approvalDecisionBodySchema,
  approvalIdParamsSchema,
  approvalListSchema,
  approvalSchema,
  approvalStartedSchema,
} from "@/lib/contract/approvals";
import { UPSTREAM, type ApiRouteEntries } from "./entry";

export const APPROVAL_ROUTES = {
  "GET /api/approvals": {
    summary: "Renders waiting for an admin's approval, oldest first",
    tag: "Approvals",
    access: "admin",
    success: { status: 200, description: "The renders waiting.", schema: approvalListSchema },
  },
  "POST /api/approvals/{id}/approve": {
    summary: "Approve a waiting render: it is sent to the service, once (spends credits)",
    description:
      "The member's cap is checked again first. Of two decisions at once exactly one goes through; the other answers 409 approval_decided.",
    tag: "Approvals",
    access: "admin",
    params: approvalIdParamsSchema,
    body: approvalDecisionBodySchema,
    success: { status: 200, description: "Approved and started.", schema: approvalStartedSchema },
    errors: ["not_found", "approval_decided", "insufficient_credits", "member_cap_reached", ...UPSTREAM],
  },
  "POST /api/approvals/{id}/decline": {
    summary: "Decline a waiting render, with an optional note for the member; it is never sent",
    tag: "Approvals",
    access: "admin",
    params: approvalIdParamsSchema,
    body: approvalDecisionBodySchema,
    success: { status: 200, description: "Declined.", schema: approvalSchema },
    errors: ["not_found", "approval_decided"],
  },
} satisfies ApiRouteEntries;

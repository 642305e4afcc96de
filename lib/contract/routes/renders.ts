/**
 * The route map's entries for renders: listing, starting, watching, starring and archiving them
 * (lib/contract/api-routes.ts).
 */
import { createRenderAnswerSchema } from "@/lib/contract/approvals";
import {
  archiveRequestSchema,
  archiveResultSchema,
  favouriteStateSchema,
  ledgerRenderSchema,
  renderIdParamsSchema,
  renderListQuerySchema,
  renderListSchema,
  renderRequestSchema,
  renderWatchSchema,
} from "@/lib/contract/renders";
import { UPSTREAM, type ApiRouteEntries } from "./entry";
import { idempotencyKeySchema } from "@/lib/contract/renders";

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  description:
    "1 to 200 printable ASCII characters. The same key with the same body replays the first answer; with another body it is refused (409).",
  schema: idempotencyKeySchema,
} as const;

export const RENDER_ROUTES = {
  "GET /api/renders": {
    summary: "List renders, filtered and sorted",
    tag: "Renders",
    access: "member",
    query: renderListQuerySchema,
    success: {
      status: 200,
      description: "A page of renders and the next page's cursor.",
      schema: renderListSchema,
    },
  },
  "POST /api/renders": {
    summary: "Start a render (spends credits)",
    description:
      "Validated before anything is sent; the create is written to the ledger first and sent to the service once.",
    tag: "Renders",
    access: "member",
    body: renderRequestSchema,
    headers: [IDEMPOTENCY_KEY],
    success: {
      status: 202,
      description:
        "Accepted by the service; or, for a member's render the team's approval rule holds, waiting for an admin (state awaiting_approval: nothing sent, nothing charged).",
      schema: createRenderAnswerSchema,
    },
    errors: [
      "idempotency_conflict",
      "approval_decided",
      "insufficient_credits",
      "member_cap_reached",
      "team_budget_reached",
      "limit_reached",
      ...UPSTREAM,
    ],
  },
  "GET /api/renders/{id}": {
    summary: "One render; opening it watches it",
    tag: "Renders",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "The render.", schema: ledgerRenderSchema },
    errors: ["not_found"],
  },
  "POST /api/renders/{id}/watch": {
    summary: "Keep an open render polled ahead of the queue",
    tag: "Renders",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "Until when it is watched.", schema: renderWatchSchema },
    errors: ["not_found"],
  },
  "PUT /api/renders/{id}/favourite": {
    summary: "Star a render for the caller",
    tag: "Renders",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "The caller's flag.", schema: favouriteStateSchema },
    errors: ["not_found"],
  },
  "DELETE /api/renders/{id}/favourite": {
    summary: "Unstar a render for the caller",
    tag: "Renders",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "The caller's flag.", schema: favouriteStateSchema },
    errors: ["not_found"],
  },
  "POST /api/renders/archive": {
    summary: "Archive renders, or bring them back (all or none)",
    tag: "Renders",
    access: "member",
    body: archiveRequestSchema,
    success: { status: 200, description: "The renders as they now are.", schema: archiveResultSchema },
    errors: ["not_found"],
  },
} satisfies ApiRouteEntries;

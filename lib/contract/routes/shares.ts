/** The route map's entries for share links (lib/contract/api-routes.ts). */
import {
  shareCreateSchema,
  shareCreatedSchema,
  shareIdParamsSchema,
  shareListQuerySchema,
  shareListSchema,
  shareRevokedSchema,
} from "@/lib/contract/shares";
import type { ApiRouteEntries } from "./entry";

export const SHARE_ROUTES = {
  "GET /api/shares": {
    summary: "Share links the caller may see",
    tag: "Shares",
    access: "member",
    query: shareListQuerySchema,
    success: { status: 200, description: "Newest first.", schema: shareListSchema },
  },
  "POST /api/shares": {
    summary: "Make a share link for a render or a board",
    description: "The answer's `path` holds the token; it is given this once.",
    tag: "Shares",
    access: "member",
    body: shareCreateSchema,
    success: { status: 201, description: "The link.", schema: shareCreatedSchema },
    errors: ["not_found", "render_not_ready", "limit_reached", "rate_limited"],
  },
  "DELETE /api/shares/{id}": {
    summary: "Revoke a share link",
    tag: "Shares",
    access: "member",
    params: shareIdParamsSchema,
    success: { status: 200, description: "Revoked.", schema: shareRevokedSchema },
    errors: ["forbidden", "not_found"],
  },
} satisfies ApiRouteEntries;

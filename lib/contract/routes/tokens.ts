/** The route map's entries for personal API tokens (lib/contract/api-routes.ts). */
import {
  apiTokenCreateSchema,
  apiTokenCreatedSchema,
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  apiTokenRevokedSchema,
} from "@/lib/contract/tokens";
import type { ApiRouteEntries } from "./entry";

export const TOKEN_ROUTES = {
  "GET /api/tokens": {
    summary: "The caller's API tokens (an admin's: everyone's)",
    description:
      "Name, scope, created, last used and expiry; never the token itself. 404 while sign-in is off.",
    tag: "API tokens",
    access: "member",
    success: { status: 200, description: "The tokens.", schema: apiTokenListSchema },
    errors: ["not_found"],
  },
  "POST /api/tokens": {
    summary: "Make a personal API token",
    description:
      "The token is in this answer only; the dashboard keeps a hash of it. Needs a signed-in browser session.",
    tag: "API tokens",
    access: "member",
    sessionOnly: true,
    body: apiTokenCreateSchema,
    success: {
      status: 201,
      description: "The token, shown once, and its record.",
      schema: apiTokenCreatedSchema,
    },
    errors: ["not_found", "limit_reached", "rate_limited"],
  },
  "DELETE /api/tokens/{id}": {
    summary: "Revoke an API token (the owner's, or any for an admin)",
    description: "The next request with it answers 401.",
    tag: "API tokens",
    access: "member",
    params: apiTokenIdParamsSchema,
    success: { status: 200, description: "Revoked.", schema: apiTokenRevokedSchema },
    errors: ["not_found"],
  },
} satisfies ApiRouteEntries;

/** The route map's entry for the API's own document (lib/contract/api-routes.ts). */
import { z } from "zod/mini";
import type { ApiRouteEntries } from "./entry";

export const DOCS_ROUTES = {
  "GET /api/openapi.json": {
    summary: "This API's OpenAPI document",
    description: "Generated from the contract's schemas. Public: it describes routes, never data.",
    tag: "Docs",
    access: "public",
    headers: [{ name: "If-None-Match", description: "The ETag of a copy held: 304 while it is current." }],
    success: {
      status: 200,
      description: "An OpenAPI 3.1 document.",
      schema: z.record(z.string(), z.unknown()),
    },
    otherAnswers: [{ status: 304, description: "The copy held is current." }],
  },
} satisfies ApiRouteEntries;

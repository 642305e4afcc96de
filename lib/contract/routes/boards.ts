/** The route map's entries for boards (lib/contract/api-routes.ts). */
import {
  boardCreateSchema,
  boardDeletedSchema,
  boardIdParamsSchema,
  boardListQuerySchema,
  boardListSchema,
  boardRendersRequestSchema,
  boardRendersResultSchema,
  boardSchema,
  boardUpdateSchema,
} from "@/lib/contract/boards";
import type { ApiRouteEntries } from "./entry";

export const BOARD_ROUTES = {
  "GET /api/boards": {
    summary: "The team's boards by name",
    tag: "Boards",
    access: "member",
    query: boardListQuerySchema,
    success: { status: 200, description: "Every board.", schema: boardListSchema },
  },
  "POST /api/boards": {
    summary: "Make a board",
    tag: "Boards",
    access: "member",
    body: boardCreateSchema,
    success: { status: 201, description: "The board.", schema: boardSchema },
    errors: ["name_taken", "limit_reached", "rate_limited"],
  },
  "GET /api/boards/{id}": {
    summary: "One board",
    tag: "Boards",
    access: "member",
    params: boardIdParamsSchema,
    success: { status: 200, description: "The board.", schema: boardSchema },
    errors: ["not_found"],
  },
  "PATCH /api/boards/{id}": {
    summary: "Rename a board or change its description",
    tag: "Boards",
    access: "member",
    params: boardIdParamsSchema,
    body: boardUpdateSchema,
    success: { status: 200, description: "The board.", schema: boardSchema },
    errors: ["forbidden", "not_found", "name_taken"],
  },
  "DELETE /api/boards/{id}": {
    summary: "Delete a board (its renders stay)",
    tag: "Boards",
    access: "member",
    params: boardIdParamsSchema,
    success: { status: 200, description: "Deleted.", schema: boardDeletedSchema },
    errors: ["forbidden", "not_found"],
  },
  "POST /api/boards/{id}/renders": {
    summary: "Add renders to a board or take them off (all or none)",
    tag: "Boards",
    access: "member",
    params: boardIdParamsSchema,
    body: boardRendersRequestSchema,
    success: {
      status: 200,
      description: "The board and how many renders changed.",
      schema: boardRendersResultSchema,
    },
    errors: ["not_found"],
  },
} satisfies ApiRouteEntries;

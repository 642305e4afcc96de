/** Culling: ratings, picks and rejects (each member's own) and the team's tags (docs/api.md). */
import {
  marksRequestSchema,
  marksResultSchema,
  tagsRequestSchema,
  tagsResultSchema,
  tagSuggestionsQuerySchema,
  tagSuggestionsSchema,
} from "@/lib/contract/cull";
import type { ApiRouteEntries } from "./entry";

export const CULL_ROUTES = {
  "POST /api/renders/marks": {
    summary: "Rate, pick or reject renders for the caller (all or none)",
    description:
      "Each member's own, as favourites: `rating` 1 to 5, `flag` `pick` or `reject`; null clears one, a field left out is kept.",
    tag: "Cull",
    access: "member",
    body: marksRequestSchema,
    success: { status: 200, description: "The caller's marks as they now are.", schema: marksResultSchema },
    errors: ["not_found"],
  },
  "POST /api/renders/tags": {
    summary: "Add and remove the team's tags on renders (all or none)",
    description:
      "Tags are trimmed and lower-cased, at most 32 characters, no commas; a render holds at most 20.",
    tag: "Cull",
    access: "member",
    body: tagsRequestSchema,
    success: { status: 200, description: "Each render's tags as they now are.", schema: tagsResultSchema },
    errors: ["not_found"],
  },
  "GET /api/tags": {
    summary: "The team's tags, most used first (suggestions as a tag is typed)",
    tag: "Cull",
    access: "member",
    query: tagSuggestionsQuerySchema,
    success: {
      status: 200,
      description: "Tags and how many renders hold each.",
      schema: tagSuggestionsSchema,
    },
  },
} satisfies ApiRouteEntries;

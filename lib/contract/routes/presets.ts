/** The route map's entries for presets and the prompt history (lib/contract/api-routes.ts). */
import { z } from "zod/mini";
import { imageRenderRequestSchema, videoRenderRequestSchema } from "@/lib/domain/render-request";
import { teamNameSchema } from "@/lib/contract/names";
import {
  presetCreateSchema,
  presetDeletedSchema,
  presetIdParamsSchema,
  presetListSchema,
  presetRenameSchema,
  presetSchema,
  recentPromptsQuerySchema,
  recentPromptsSchema,
} from "@/lib/contract/presets";
import type { ApiRouteEntries } from "./entry";

/**
 * What `POST /api/presets` accepts: a name and a render request, its prompt optional. The contract's
 * schema checks the request through a transform, whose input zod's JSON Schema cannot describe: this
 * is the shape it accepts, for the document only (never loaded by a page).
 */
const presetCreateInputSchema = z.union([
  z.object({
    name: teamNameSchema,
    ...imageRenderRequestSchema.shape,
    prompt: z.optional(imageRenderRequestSchema.shape.prompt),
  }),
  z.object({
    name: teamNameSchema,
    ...videoRenderRequestSchema.shape,
    prompt: z.optional(videoRenderRequestSchema.shape.prompt),
  }),
]);

export const PRESET_ROUTES = {
  "GET /api/presets": {
    summary: "The team's presets by name",
    tag: "Presets",
    access: "member",
    success: { status: 200, description: "Every preset.", schema: presetListSchema },
  },
  "POST /api/presets": {
    summary: "Save a preset: a name and a render request, prompt optional",
    tag: "Presets",
    access: "member",
    body: presetCreateSchema,
    documented: { body: presetCreateInputSchema },
    success: { status: 201, description: "The preset.", schema: presetSchema },
    errors: ["name_taken", "limit_reached", "rate_limited"],
  },
  "PATCH /api/presets/{id}": {
    summary: "Rename a preset",
    tag: "Presets",
    access: "member",
    params: presetIdParamsSchema,
    body: presetRenameSchema,
    success: { status: 200, description: "The preset.", schema: presetSchema },
    errors: ["forbidden", "not_found", "name_taken"],
  },
  "DELETE /api/presets/{id}": {
    summary: "Delete a preset",
    tag: "Presets",
    access: "member",
    params: presetIdParamsSchema,
    success: { status: 200, description: "Deleted.", schema: presetDeletedSchema },
    errors: ["forbidden", "not_found"],
  },
  "GET /api/prompts/recent": {
    summary: "The caller's recent distinct prompts",
    tag: "Presets",
    access: "member",
    query: recentPromptsQuerySchema,
    success: { status: 200, description: "Newest use first.", schema: recentPromptsSchema },
  },
} satisfies ApiRouteEntries;

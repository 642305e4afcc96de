/** Team presets and each member's prompt history (docs/api.md, "Presets and prompt history"). */
import { z } from "zod/mini";
import { RENDER_KINDS } from "@/lib/domain/catalogue";
import { renderRequestSchema, requestedModel } from "@/lib/domain/render-request";
import {
  PRESET_NAME_MAX_CHARS,
  PROMPT_HISTORY_SIZE,
  PROMPT_QUERY_MAX_CHARS,
  presetSettings,
} from "@/lib/domain/presets";
import { searchText } from "@/lib/domain/text";
import { madeBySchema } from "./team";
import { teamNameSchema } from "./names";

export { PRESET_NAME_MAX_CHARS, PROMPT_HISTORY_SIZE, PROMPT_QUERY_MAX_CHARS };

/**
 * Stands in for a prompt the preset leaves out, so the rest is checked by the one request schema,
 * whose prompt is required. Never stored.
 */
const NO_PROMPT = "preset";

/**
 * `POST /api/presets`: a name and a render request (spec §4.2 fields) whose prompt is optional: sent,
 * the preset includes it. The request is checked by the shared request schema, so a refusal names the
 * parameter at fault (`field: "durationSeconds"`); reference lists are dropped.
 */
export const presetCreateSchema = z.pipe(
  z.looseObject({ name: teamNameSchema }),
  z.transform(({ name, ...fields }, ctx) => {
    const hasPrompt = fields.prompt !== undefined;
    const parsed = z.safeParse(renderRequestSchema, {
      ...fields,
      prompt: hasPrompt ? fields.prompt : NO_PROMPT,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.issues.push({ code: "custom", message: issue.message, path: issue.path, input: fields });
      return z.NEVER;
    }
    const request = parsed.data;
    return {
      name,
      kind: request.kind,
      model: requestedModel(request),
      settings: presetSettings(request),
      prompt: hasPrompt ? request.prompt : null,
    };
  }),
);
export type PresetInput = z.output<typeof presetCreateSchema>;

/** `PATCH /api/presets/{id}`: a new name. */
export const presetRenameSchema = z.object({ name: teamNameSchema });
export type PresetRename = z.infer<typeof presetRenameSchema>;

/** A preset id in a path: anything else is refused before the ledger is asked. */
export const PRESET_ID_PATTERN = /^pst_[A-Za-z0-9_-]{1,64}$/;

/** Path of `PATCH`/`DELETE /api/presets/{id}`. */
export const presetIdParamsSchema = z.object({
  id: z.string().check(z.regex(PRESET_ID_PATTERN, { error: "id must be a preset id." })),
});

export const presetSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(RENDER_KINDS),
  /** The model id (`imageModel` or `model`, the kind's default applied). */
  model: z.string(),
  /** The request's parameters (spec §4.2 names) without the prompt and references. */
  settings: z.record(z.string(), z.unknown()),
  /** The prompt, when the preset includes one. */
  prompt: z.nullable(z.string()),
  /** Who made it; null when sign-in was off. */
  member: madeBySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;

/** `GET /api/presets`: the team's presets by name. */
export const presetListSchema = z.object({ items: z.array(presetSchema) });
export type PresetList = z.infer<typeof presetListSchema>;

/** `DELETE /api/presets/{id}`. */
export const presetDeletedSchema = z.object({ deleted: z.literal(true) });

/**
 * Query of `GET /api/prompts/recent`: text whose every word a suggestion must contain (its control
 * characters dropped).
 */
export const recentPromptsQuerySchema = z.object({
  q: z.optional(searchText("q", PROMPT_QUERY_MAX_CHARS)),
});
export type RecentPromptsQuery = z.infer<typeof recentPromptsQuerySchema>;

/** `GET /api/prompts/recent`: the caller's last distinct prompts, newest first. */
export const recentPromptsSchema = z.object({
  items: z.array(z.object({ prompt: z.string(), lastUsedAt: z.string() })),
});
export type RecentPrompts = z.infer<typeof recentPromptsSchema>;

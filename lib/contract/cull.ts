/**
 * Culling (docs/api.md): each member's own rating and pick or reject of renders, and the team's
 * tags on them, set for one render or a selection at once.
 */
import { z } from "zod/mini";
import { TAG_MAX_LENGTH, TAGS_PER_RENDER, tagProblem } from "@/lib/domain/cull";
import { cullFlagSchema, ratingSchema, renderIdSchema } from "./renders";

/** The most renders one request marks or tags (a gallery selection's worth, as archiving). */
export const CULL_MAX_RENDERS = 500;

const idsSchema = z
  .array(renderIdSchema)
  .check(
    z.minLength(1, { error: "ids must name at least one render" }),
    z.maxLength(CULL_MAX_RENDERS, { error: `ids may name at most ${CULL_MAX_RENDERS} renders` }),
  );

/** A render's marks as the caller set them: null when none. */
export const renderMarksSchema = z.object({
  id: z.string(),
  rating: z.nullable(ratingSchema),
  flag: z.nullable(cullFlagSchema),
});
export type RenderMarks = z.infer<typeof renderMarksSchema>;

/**
 * `POST /api/renders/marks`: the caller's rating and/or flag on these renders (null clears it; a
 * field left out is left as it is), all or none.
 */
export const marksRequestSchema = z
  .object({
    ids: idsSchema,
    rating: z.optional(z.nullable(ratingSchema)),
    flag: z.optional(z.nullable(cullFlagSchema)),
  })
  .check(
    z.refine((body) => body.rating !== undefined || body.flag !== undefined, {
      error: "set rating or flag (null clears it)",
      path: ["rating"],
    }),
  );
export type MarksRequest = z.infer<typeof marksRequestSchema>;

export const marksResultSchema = z.object({ items: z.array(renderMarksSchema) });
export type MarksResult = z.infer<typeof marksResultSchema>;

/** A tag as sent: normalised by the server (trimmed, lower-cased; lib/domain/cull.ts). */
export const tagSchema = z.string({ error: "a tag must be text" }).check(
  z.maxLength(TAG_MAX_LENGTH * 4, { error: `a tag must be at most ${TAG_MAX_LENGTH} characters` }),
  z.superRefine((text, ctx) => {
    const problem = tagProblem(text);
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: text });
  }),
);

const tagListSchema = z
  .array(tagSchema)
  .check(z.maxLength(TAGS_PER_RENDER, { error: `at most ${TAGS_PER_RENDER} tags at once` }));

/**
 * `POST /api/renders/tags`: add and remove team-wide tags on these renders, all or none. A render
 * holds at most 20 tags.
 */
export const tagsRequestSchema = z
  .object({ ids: idsSchema, add: z.optional(tagListSchema), remove: z.optional(tagListSchema) })
  .check(
    z.refine((body) => (body.add?.length ?? 0) + (body.remove?.length ?? 0) > 0, {
      error: "name a tag to add or remove",
      path: ["add"],
    }),
  );
export type TagsRequest = z.infer<typeof tagsRequestSchema>;

export const renderTagsSchema = z.object({ id: z.string(), tags: z.array(z.string()) });
export const tagsResultSchema = z.object({ items: z.array(renderTagsSchema) });
export type TagsResult = z.infer<typeof tagsResultSchema>;

/** `GET /api/tags`: the team's tags, most used first, those starting with `q` when given. */
export const tagSuggestionsQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(TAG_MAX_LENGTH * 4))),
});
export const tagSuggestionsSchema = z.object({
  items: z.array(z.object({ tag: z.string(), renders: z.number().check(z.int()) })),
});
export type TagSuggestions = z.infer<typeof tagSuggestionsSchema>;

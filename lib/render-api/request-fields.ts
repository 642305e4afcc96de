/**
 * The render request's field names (spec §4.2), and finding which one a 422 concerns.
 *
 * The names come from the shared request schemas, so a field added there is recognised here without
 * a second list. Pure: importable anywhere.
 */
import { imageRenderRequestSchema, videoRenderRequestSchema } from "@/lib/domain/render-request";

export const REQUEST_FIELD_NAMES: readonly string[] = [
  ...new Set([
    ...Object.keys(imageRenderRequestSchema.shape),
    ...Object.keys(videoRenderRequestSchema.shape),
  ]),
];

/** Compared without case, `_` or `-`, so `negative_prompt` and `Prompt` still name their fields. */
const canonical = (word: string) => word.replace(/[_-]/g, "").toLowerCase();

const FIELD_BY_CANONICAL = new Map(REQUEST_FIELD_NAMES.map((name) => [canonical(name), name]));

/**
 * The request field a text names, as a whole word; the longest when it names several, so
 * "durationSeconds must be between 5 and 15 for model kling" gives `durationSeconds`, and `prompt`
 * is never found inside `negativePrompt`.
 */
export function findRequestField(text: string): string | undefined {
  let best: string | undefined;
  for (const word of text.split(/[^A-Za-z0-9_-]+/)) {
    const field = FIELD_BY_CANONICAL.get(canonical(word));
    if (field !== undefined && (best === undefined || field.length > best.length)) best = field;
  }
  return best;
}

/**
 * A field from an explicit path-like property: `"prompt"`, `"body.prompt"`, `"/referenceImageUrls/0"`
 * or `["body", "prompt"]`. A path naming no known field is kept as sent, joined with dots.
 */
export function fieldFromPath(value: unknown): string | undefined {
  const parts = (Array.isArray(value) ? value : [value])
    .filter((part): part is string | number => typeof part === "string" || typeof part === "number")
    .map(String)
    .filter((part) => part.trim() !== "");
  if (parts.length === 0) return undefined;
  const path = parts.join(".");
  return findRequestField(path) ?? path;
}

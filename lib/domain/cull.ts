/**
 * Culling: a member's rating (1 to 5) and pick or reject of a render, and the team's tags. One
 * rule for a tag everywhere (the API, the gallery's filter, the tag input): trimmed, lower-cased,
 * inner white space one space, at most TAG_MAX_LENGTH characters, no comma (a list of tags is
 * written with commas) and no control character.
 */
import { hasControlCharacters } from "./control-characters";

export const RATINGS = [1, 2, 3, 4, 5] as const;
export const CULL_FLAGS = ["pick", "reject"] as const;
export type CullFlag = (typeof CULL_FLAGS)[number];

export const TAG_MAX_LENGTH = 32;
export const TAGS_PER_RENDER = 20;

/** The tag as it is stored and compared. */
export const normaliseTag = (text: string): string => text.trim().replace(/\s+/g, " ").toLowerCase();

/** Why `text` cannot be a tag, or null when it can (once normalised). */
export function tagProblem(text: string): string | null {
  const tag = normaliseTag(text);
  if (tag === "") return "a tag must not be blank";
  if (tag.length > TAG_MAX_LENGTH) return `a tag must be at most ${TAG_MAX_LENGTH} characters`;
  if (tag.includes(",") || hasControlCharacters(tag)) return "a tag must be one line of text without commas";
  return null;
}

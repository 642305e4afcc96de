/**
 * @mention suggestions as a comment is typed: the word after an `@` just before the caret is matched
 * against the team's names, and choosing one writes `@Name ` in its place.
 */

export interface MentionQuery {
  /** Where the `@` is. */
  start: number;
  /** What follows it up to the caret. */
  query: string;
}

/** The mention being typed at the caret, if any: an `@` at the start of a word, then no space. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const match = /(?:^|[^\p{L}\p{N}])@([\p{L}\p{N}_.-]*)$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

/** Names that start with what was typed (or hold it), those that start with it first; at most `limit`. */
export function suggestNames(names: readonly string[], query: string, limit = 5): string[] {
  const wanted = query.toLocaleLowerCase();
  const starting = names.filter((name) => name.toLocaleLowerCase().startsWith(wanted));
  const holding = names.filter(
    (name) => !name.toLocaleLowerCase().startsWith(wanted) && name.toLocaleLowerCase().includes(wanted),
  );
  return [...starting, ...holding].slice(0, limit);
}

/** The text with the mention being typed replaced by the chosen name, and where the caret goes. */
export function insertMention(
  text: string,
  caret: number,
  mention: MentionQuery,
  name: string,
): { text: string; caret: number } {
  const written = `@${name} `;
  const after = text.slice(caret).replace(/^\S*\s?/, "");
  return { text: text.slice(0, mention.start) + written + after, caret: mention.start + written.length };
}

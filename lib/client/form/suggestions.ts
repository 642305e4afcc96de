/** The prompt field's suggestions list: which prompts it offers, and how the arrow keys move through them. */

/**
 * The option an arrow key moves to from `active` (-1: none) among `count` options, wrapping at both
 * ends; Down from none is the first, Up from none the last.
 */
export function stepActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}

/** Prompts worth offering for `typed`: the history without the text already in the field. */
export function promptSuggestions(history: readonly string[], typed: string): string[] {
  const text = typed.trim();
  return history.filter((prompt) => prompt !== text);
}

/** The query sent for `typed`, or null when the text is too long to be the start of an earlier prompt. */
export function promptQuery(typed: string, maxChars: number): string | null {
  const text = typed.trim();
  return text.length > maxChars ? null : text;
}

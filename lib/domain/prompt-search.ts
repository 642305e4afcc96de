/**
 * Prompt search, as both sides read it: the text is split into terms at white space, and a prompt
 * matches when it holds every term somewhere (any case, accents ignored). The server answers with its
 * full-text index (lib/server/ledger/prompt-search.ts); the browser uses `mayMatchPrompt` only to
 * tell whether a live render may belong to a searched list.
 */

/** The terms of a search text: split at white space, repeats dropped; none for blank text. */
export function searchTerms(text: string | undefined): string[] {
  return [...new Set((text ?? "").split(/\s+/u).filter(Boolean))];
}

/** Lower case without accents ("Crème" → "creme"), as the index compares text. */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether `prompt` holds every term of `text`. */
export function mayMatchPrompt(prompt: string, text: string | undefined): boolean {
  const folded = foldForSearch(prompt);
  return searchTerms(text).every((term) => folded.includes(foldForSearch(term)));
}

/**
 * A comment's text cut into plain text, web addresses and @mentions, for showing it. Only http and
 * https addresses become links: a `javascript:` one stays text.
 */
export interface CommentPart {
  kind: "text" | "link" | "mention";
  text: string;
}

// A trailing full stop, comma or closing bracket ends the sentence, not the address.
const TOKENS = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'])|(@[\p{L}\p{N}_.-]*[\p{L}\p{N}_])/gu;

export function splitCommentText(text: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKENS)) {
    const start = match.index;
    // An @ inside a word (an email address) is not a mention.
    if (match[2] && start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1] ?? "")) continue;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: match[1] ? "link" : "mention", text: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** Names the team gives to what it shares (presets, boards): the same rules for each. */

/** A name's longest length, after trimming. */
export const NAME_MAX_CHARS = 80;

/** A name as the server will judge it, in the server's words (capitalised); undefined when fine. */
export function nameProblem(name: string): string | undefined {
  const length = name.trim().length;
  if (length === 0) return "Name is required";
  if (length > NAME_MAX_CHARS) return `Name must be at most ${NAME_MAX_CHARS} characters`;
  return undefined;
}

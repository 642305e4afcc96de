/**
 * Where sign-in returns to. `next` comes from the address bar, so only a path on this site is
 * followed: "//evil.example" or "https://…" would send a freshly signed-in member elsewhere.
 */

/** `next` when it is a path on this site, else "/". */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  // Control characters (a tab or newline inside "/\t/evil") are dropped by URL parsers; refuse them.
  if (/[\u0000-\u001f\u007f]/.test(next)) return "/";
  return next;
}

/** The sign-in page, returning to `path` afterwards. */
export function signInPath(path: string): string {
  const next = safeNextPath(path);
  return next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
}

/**
 * Where an inbox item about a render leads, in the inbox and in every message made of it: the
 * gallery's viewer on the render, on its comment if any (zod-free: the inbox's list imports it).
 */
export function renderItemPath(renderId: string, commentId: string | null): string {
  const params = new URLSearchParams({ view: renderId });
  if (commentId) params.set("comment", commentId);
  return `/?${params.toString()}`;
}

/**
 * Where a render can be opened: its own page, its batch's page, the form filled from it (Reuse
 * settings) and its file through the dashboard (a comparison's link is lib/domain/compare.ts's).
 */

/** The viewer's query parameter: `?view=<renderId>` (view-url.ts). */
export const VIEW_PARAM = "view";

export function renderHref(id: string): string {
  return `/renders/${encodeURIComponent(id)}`;
}

/** A family's versions in the gallery, in the order they were made (a stacked card's "N versions"). */
export function versionsHref(familyId: string): string {
  return `/?${new URLSearchParams({ family: familyId, sort: "oldest" }).toString()}`;
}

/** A batch's page: all its variants (`/batches/<batchId>`). */
export function batchHref(batchId: string): string {
  return `/batches/${encodeURIComponent(batchId)}`;
}

/** The form filled from the render ("Reuse settings"); other query parameters (the gallery's filters) are kept. */
export function reuseSettingsHref(id: string, current?: URLSearchParams): string {
  const params = new URLSearchParams(current);
  params.delete(VIEW_PARAM);
  params.set("edit", id);
  return `/?${params.toString()}`;
}

/** Building on a render's output in the form: Use as reference, Animate (an image), Vary (an image). */
export const ITERATE_ACTIONS = ["reference", "animate", "vary"] as const;
export type IterateAction = (typeof ITERATE_ACTIONS)[number];

/** The form, building on the render's output (`?animate=<id>`…); other query parameters are kept. */
export function iterateHref(action: IterateAction, id: string, current?: URLSearchParams): string {
  const params = new URLSearchParams(current);
  params.delete(VIEW_PARAM);
  for (const other of ITERATE_ACTIONS) params.delete(other);
  params.set(action, id);
  return `/?${params.toString()}`;
}

/** The output as an attachment with a meaningful file name (`GET /api/renders/{id}/file`). */
export function downloadHref(id: string): string {
  return `/api/renders/${encodeURIComponent(id)}/file`;
}

/** Where the selection's zip is posted (a form, so the browser's own download manager streams it). */
export const ZIP_ACTION = "/api/renders/zip";

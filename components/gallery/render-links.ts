/**
 * Where a render can be opened: its own page, the form filled from it (Reuse settings), its file
 * through the dashboard, and a side-by-side comparison.
 */

export function renderHref(id: string): string {
  return `/renders/${encodeURIComponent(id)}`;
}

/** The form filled from the render ("Reuse settings"); other query parameters (the gallery's filters) are kept. */
export function reuseSettingsHref(id: string, current?: URLSearchParams): string {
  const params = new URLSearchParams(current);
  params.delete("view");
  params.set("edit", id);
  return `/?${params.toString()}`;
}

/** The output as an attachment with a meaningful file name (`GET /api/renders/{id}/file`). */
export function downloadHref(id: string): string {
  return `/api/renders/${encodeURIComponent(id)}/file`;
}

/** Where the selection's zip is posted (a form, so the browser's own download manager streams it). */
export const ZIP_ACTION = "/api/renders/zip";

/** At most this many renders side by side on the compare page. */
export const COMPARE_MAX = 4;

export function compareHref(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(",")}`;
}

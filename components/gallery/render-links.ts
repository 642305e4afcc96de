/** Where a render can be opened: its own page, and the form filled from it (Edit). */

export function renderHref(id: string): string {
  return `/renders/${encodeURIComponent(id)}`;
}

/** The form's edit link; other query parameters (the gallery's filters) are kept. */
export function editHref(id: string, current?: URLSearchParams): string {
  const params = new URLSearchParams(current);
  params.set("edit", id);
  return `/?${params.toString()}`;
}

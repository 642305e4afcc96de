/**
 * Which renders a list shows by their archive state, as the server answers and the browser's live
 * updates follow it. Named renders (`ids`) and a whole batch are shown whatever their state: a link,
 * a selection or a batch means those renders. Otherwise archived ones are left out unless asked for.
 */
export function archivedWanted(filters: {
  archived?: "true" | "false";
  ids?: string;
  batchId?: string;
}): "true" | "false" | undefined {
  return filters.archived ?? (filters.ids || filters.batchId ? undefined : "false");
}

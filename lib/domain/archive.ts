/**
 * Which renders a list shows by their archive state, as the server answers and the browser's live
 * updates follow it. Named renders (`ids`), a whole batch, a board and a run are shown whatever their
 * state: a link, a selection, a batch, a board or a run means those renders. Otherwise archived ones are left out
 * unless asked for.
 */
export function archivedWanted(filters: {
  archived?: "true" | "false";
  ids?: string;
  batchId?: string;
  board?: string;
  run?: string;
}): "true" | "false" | undefined {
  return (
    filters.archived ?? (filters.ids || filters.batchId || filters.board || filters.run ? undefined : "false")
  );
}

/**
 * The gallery's selection: which renders are ticked, in the order they were ticked. An external store
 * (not React state), so ticking one card re-renders that card and the selection bar, not the gallery.
 * Shift-click ticks or unticks a range in the gallery's current order, from the last card touched.
 */

export interface SelectionStore {
  subscribe(listener: () => void): () => void;
  has(id: string): boolean;
  /** The ticked ids, in the order they were ticked; the same array until the selection changes. */
  ids(): readonly string[];
  /** Ticks or unticks one render; with `range`, every render between the last one touched and this. */
  toggle(id: string, options?: { range?: boolean }): void;
  add(id: string): void;
  /** The gallery's current order, for ranges. */
  setOrder(ids: readonly string[]): void;
  clear(): void;
}

export function createSelection(): SelectionStore {
  const listeners = new Set<() => void>();
  let selected: readonly string[] = [];
  let order: readonly string[] = [];
  let anchor: string | null = null;

  const emit = (next: readonly string[]) => {
    selected = next;
    for (const listener of listeners) listener();
  };

  /** The ids from the anchor to `id` in the gallery's order, or just `id` when either is not in it. */
  function span(id: string): string[] {
    const from = anchor === null ? -1 : order.indexOf(anchor);
    const to = order.indexOf(id);
    if (from < 0 || to < 0) return [id];
    return order.slice(Math.min(from, to), Math.max(from, to) + 1);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    has: (id) => selected.includes(id),
    ids: () => selected,
    toggle(id, { range = false } = {}) {
      const tick = !selected.includes(id);
      const ids = range ? span(id) : [id];
      anchor = id;
      if (tick) emit([...selected, ...ids.filter((each) => !selected.includes(each))]);
      else emit(selected.filter((each) => !ids.includes(each)));
    },
    add(id) {
      anchor = id;
      if (!selected.includes(id)) emit([...selected, id]);
    },
    setOrder(ids) {
      order = ids;
    },
    clear() {
      anchor = null;
      if (selected.length > 0) emit([]);
    },
  };
}

/**
 * The renders the live stream tells this tab of, as they come, for what must see every state a
 * render passes through: a list read sees only the state at the moment of the read, and a render
 * can start and end between two reads (use-render-completion.ts).
 */
import type { LedgerRender } from "@/lib/contract";

type Listener = (renders: readonly LedgerRender[]) => void;

const listeners = new Set<Listener>();

export function onLiveRenders(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function tellLiveRenders(renders: readonly LedgerRender[]): void {
  if (renders.length === 0) return;
  for (const listener of listeners) listener(renders);
}

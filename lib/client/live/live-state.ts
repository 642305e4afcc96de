/**
 * Whether this tab is following the live event stream: "connecting" until the stream says hello,
 * "live" while it flows, "paused" when it cannot be opened or stays silent (event-stream.ts then
 * re-reads what the page shows at a modest interval, and the header says so).
 */
import { useSyncExternalStore } from "react";

export type LiveState = "connecting" | "live" | "paused";

/** How often a page re-reads what it shows while live updates are paused. */
export const FALLBACK_REFETCH_MS = 10_000;

let current: LiveState = "connecting";
const listeners = new Set<() => void>();

function liveState(): LiveState {
  return current;
}

export function setLiveState(next: LiveState): void {
  if (next === current) return;
  current = next;
  // On the document too, where a test sees whether a tab hears the stream (its own or relayed).
  if (typeof document !== "undefined") document.documentElement.dataset.live = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribe, liveState, () => "connecting");
}

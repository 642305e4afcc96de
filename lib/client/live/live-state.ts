"use client";

/**
 * Whether this tab is following the live event stream: "connecting" until the stream says hello,
 * "live" while it flows, "paused" when it cannot be opened or stays silent. While paused, the pages'
 * queries re-read the dashboard at a modest interval instead (never the Render Service), and the
 * header says so.
 */
import { useSyncExternalStore } from "react";

export type LiveState = "connecting" | "live" | "paused";

/** How often a page re-reads what it shows while live updates are paused. */
export const FALLBACK_REFETCH_MS = 10_000;

let current: LiveState = "connecting";
const listeners = new Set<() => void>();

export function liveState(): LiveState {
  return current;
}

export function setLiveState(next: LiveState): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribe, liveState, () => "connecting");
}

/** A query's `refetchInterval`: none while the stream keeps it current, the fallback while paused. */
export function useFallbackRefetch(): number | false {
  return useLiveState() === "paused" ? FALLBACK_REFETCH_MS : false;
}

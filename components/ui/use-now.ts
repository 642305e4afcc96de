"use client";

/**
 * The current time, ticking once a second, from one shared timer however many clocks are on screen.
 * Only components that show a running clock subscribe, so finished cards never re-render for it.
 * On the server (and in the first client render) it is null, so nothing time-dependent mismatches.
 */
import { useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => now || null,
    () => null,
  );
}

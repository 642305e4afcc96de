"use client";

/**
 * The current time from shared timers: one ticking every second for running clocks, one every
 * 30 s for ages ("3 min ago"), however many are on screen. Only components that show a time
 * subscribe, so finished cards never re-render for the second clock. On the server (and in the first
 * client render) it is null, so nothing time-dependent mismatches.
 */
import { useSyncExternalStore } from "react";

function sharedClock(intervalMs: number) {
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
      }, intervalMs);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }
  const read = () => now || null;
  const onServer = () => null;
  return function useClock(): number | null {
    return useSyncExternalStore(subscribe, read, onServer);
  };
}

/** Now, to the second. */
export const useNow: () => number | null = sharedClock(1_000);

/** Now, to half a minute: enough for an age in minutes. */
export const useCoarseNow: () => number | null = sharedClock(30_000);

/**
 * Runs `start` once the browser is idle (at most `timeoutMs` later on a page that is never idle):
 * after the page's hydration, which React schedules as work the browser finishes first. Where idle
 * callbacks are missing (older Safari), on the next task. Returns the cancel.
 */
export function whenIdle(start: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback !== "function") {
    const timer = setTimeout(start, 0);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(start, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

/**
 * Runs `run` once the browser has drawn the next frame (a task queued from its animation frame), so
 * what it draws comes after what the current task drew is on screen. Returns the cancel.
 */
export function afterNextFrame(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

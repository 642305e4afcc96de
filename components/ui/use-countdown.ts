"use client";

/**
 * Whole seconds left of a wait the server asked for (a 429's `retryAfterSeconds`), counting down to
 * 0. `start(seconds)` begins a wait; buttons stay disabled while `secondsLeft` > 0.
 */
import { useCallback, useEffect, useState } from "react";

export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (until === null) return;
    // A quarter second, so the number changes close to when a second has really passed.
    const timer = setInterval(() => {
      const left = Math.ceil((until - Date.now()) / 1000);
      setSecondsLeft(Math.max(0, left));
      if (left <= 0) setUntil(null);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    setUntil(Date.now() + seconds * 1000);
    setSecondsLeft(seconds);
  }, []);

  return { secondsLeft, start };
}

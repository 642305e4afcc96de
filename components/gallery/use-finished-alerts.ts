"use client";

/**
 * Telling someone in another tab that renders finished: "(2) Render dashboard" in the tab title
 * until the tab is visible again, and a browser notification when they allowed them.
 */
import { useCallback, useEffect, useRef } from "react";
import type { LedgerRender } from "@/lib/contract";
import { excerpt, statusWord } from "@/lib/domain/format";

export function useFinishedAlerts(): (finished: readonly LedgerRender[]) => void {
  const unseen = useRef(0);
  const baseTitle = useRef<string | null>(null);

  useEffect(() => {
    const restore = () => {
      if (baseTitle.current !== null) document.title = baseTitle.current;
      unseen.current = 0;
      baseTitle.current = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") restore();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      restore();
    };
  }, []);

  return useCallback((finished: readonly LedgerRender[]) => {
    if (document.visibilityState === "visible" || finished.length === 0) return;
    baseTitle.current ??= document.title;
    unseen.current += finished.length;
    document.title = `(${unseen.current}) ${baseTitle.current}`;
    notify(finished);
  }, []);
}

function notify(finished: readonly LedgerRender[]) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  for (const render of finished) {
    new Notification(`Render ${statusWord(render.status).toLowerCase()}`, {
      body: excerpt(render.prompt, 120),
      tag: render.id,
    });
  }
}

"use client";

/**
 * What the gallery does when renders finish while its tab is hidden: the tab title counts them and
 * a notification may tell (finished-alerts.ts, loaded the first time it is needed).
 */
import { useCallback } from "react";
import type { LedgerRender } from "@/lib/contract";

export function useFinishedAlerts(): (finished: readonly LedgerRender[]) => void {
  return useCallback((finished: readonly LedgerRender[]) => {
    if (document.visibilityState === "visible" || finished.length === 0) return;
    void import("./finished-alerts").then(({ alertFinished }) => alertFinished(finished));
  }, []);
}

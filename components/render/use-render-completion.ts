"use client";

/**
 * Reacting to renders that finish while on screen. A refund changes the balance, so the account is
 * refreshed (and the member's spend with it); `alert` (the gallery's tab title and notifications) hears about every finish.
 */
import { useEffect, useRef } from "react";
import type { LedgerRender } from "@/lib/contract";
import { useRefreshSpend } from "@/lib/client/queries/session";
import { onLiveRenders } from "@/lib/client/live/render-events";
import { justFinished, remember, rememberUnfinished } from "./finished-renders";

export function useRenderCompletion(
  renders: readonly LedgerRender[],
  alert?: (finished: LedgerRender[]) => void,
) {
  const refreshSpend = useRefreshSpend();
  const lastSeen = useRef(new Map<string, string>());
  const latestAlert = useRef(alert);
  useEffect(() => {
    latestAlert.current = alert;
  });
  // The stream's states too: a render that starts and ends between two reads of the list is seen
  // unfinished only there.
  useEffect(() => onLiveRenders((told) => rememberUnfinished(lastSeen.current, told)), []);
  useEffect(() => {
    const finished = justFinished(lastSeen.current, renders);
    remember(lastSeen.current, renders);
    if (finished.length === 0) return;
    latestAlert.current?.(finished);
    if (finished.some((r) => r.creditsRefunded > 0)) {
      refreshSpend();
    }
  }, [renders, refreshSpend]);
}

/**
 * A render page keeps its render watched while it is unfinished and the tab is in view: the server
 * then polls it ahead of the queue, at least every 10 s (`POST /api/renders/{id}/watch`; a watch
 * lasts 30 s, so it is renewed every 20 s). Opening the render watches it first; what the polls
 * find arrives through the live stream, so nothing is re-read here.
 */
import { useEffect } from "react";
import { apiFetch } from "@/lib/client/api-client";

const RENEW_EVERY_MS = 20_000;

export function useWatchRender(id: string, unfinished: boolean): void {
  useEffect(() => {
    if (!unfinished) return;
    const renew = () => {
      if (document.visibilityState !== "visible") return;
      // A missed renewal only lets the watch lapse; the next one restores it.
      apiFetch(`/api/renders/${encodeURIComponent(id)}/watch`, (c) => c.renderWatchSchema, {
        method: "POST",
      }).catch(() => undefined);
    };
    const timer = setInterval(renew, RENEW_EVERY_MS);
    // Back in view after a while (the watch may have lapsed): renew at once.
    document.addEventListener("visibilitychange", renew);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", renew);
    };
  }, [id, unfinished]);
}

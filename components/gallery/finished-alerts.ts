/**
 * Telling someone in another tab that renders finished: "(2) Render dashboard" in the tab title
 * until the tab is visible again, and a browser notification when they allowed them. Loaded with
 * the first render that finishes while the tab is hidden (use-finished-alerts.ts).
 */
import type { LedgerRender } from "@/lib/contract";
import { excerpt, statusWord } from "@/lib/domain/format";

let unseen = 0;
let baseTitle: string | null = null;

function restore() {
  if (baseTitle !== null) document.title = baseTitle;
  unseen = 0;
  baseTitle = null;
  document.removeEventListener("visibilitychange", onVisibility);
}

function onVisibility() {
  if (document.visibilityState === "visible") restore();
}

export function alertFinished(finished: readonly LedgerRender[]): void {
  // The tab may have come back while this module loaded.
  if (document.visibilityState === "visible") return;
  if (baseTitle === null) {
    baseTitle = document.title;
    document.addEventListener("visibilitychange", onVisibility);
  }
  unseen += finished.length;
  document.title = `(${unseen}) ${baseTitle}`;
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  for (const render of finished) {
    new Notification(`Render ${statusWord(render.status).toLowerCase()}`, {
      body: excerpt(render.prompt, 120),
      tag: render.id,
    });
  }
}

"use client";
/**
 * After a start, brings the new render's card into view where the gallery sits under the form (a
 * phone) and the card is out of sight (`needsReveal`). The card appears once the gallery has
 * refetched, so it is awaited; the gallery marks each card with `data-render-id`. Loaded on the
 * first start, not with the page.
 */
import { needsReveal } from "@/lib/client/form/reveal";

/** How long the gallery may take to show the new card before the page stays where it is. */
const WAIT_MS = 10_000;

function whenPresent(selector: string): Promise<Element | null> {
  const found = document.querySelector(selector);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const card = document.querySelector(selector);
      if (card) finish(card);
    });
    const timer = window.setTimeout(() => finish(null), WAIT_MS);
    function finish(card: Element | null) {
      observer.disconnect();
      window.clearTimeout(timer);
      resolve(card);
    }
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

export async function revealNewRender(renderId: string, form: HTMLElement): Promise<void> {
  const card = await whenPresent(`[data-render-id="${CSS.escape(renderId)}"]`);
  if (!card || !form.isConnected) return;
  if (!needsReveal(card.getBoundingClientRect(), form.getBoundingClientRect(), window.innerHeight)) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // Its top at the screen's top: a pending card grows once its output arrives (a portrait image is
  // taller than the placeholder), and it grows downwards, into view rather than out of it.
  card.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
}

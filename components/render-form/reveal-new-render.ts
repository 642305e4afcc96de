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

/** What a member does to move the page themselves: from then on the page is theirs. */
const USER_INPUT = ["wheel", "touchstart", "keydown"] as const;

export async function revealNewRender(renderId: string, form: HTMLElement): Promise<void> {
  const card = await whenPresent(`[data-render-id="${CSS.escape(renderId)}"]`);
  if (!card || !form.isConnected) return;
  const revealed = () => {
    if (!form.isConnected || !card.isConnected) return true;
    if (!needsReveal(card.getBoundingClientRect(), form.getBoundingClientRect(), window.innerHeight))
      return false;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // Its top at the screen's top: the card may still grow (its output arriving), downwards, into view.
    card.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
    return true;
  };
  if (revealed()) return;
  // A pending card grows once its output arrives (a portrait image is taller than the placeholder),
  // which can leave most of it below the screen: look again as it does, until the member moves.
  const observer = new ResizeObserver(() => {
    if (revealed()) stop();
  });
  const timer = window.setTimeout(stop, WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  }
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  observer.observe(card);
}

"use client";
/**
 * The review's keys, where a render is shown for review (the viewer, the render page): `c` comment,
 * `a` approve, `r` request changes. Written as a list, so a page can show what each key does, with a
 * small hook that runs them.
 */
import { useEffect, useRef } from "react";

export interface Shortcut {
  key: string;
  description: string;
  run: () => void;
}

export interface ReviewActions {
  comment: () => void;
  approve: () => void;
  requestChanges: () => void;
}

export function reviewShortcuts(actions: ReviewActions): Shortcut[] {
  return [
    { key: "c", description: "Comment: place a pin on the media, then write", run: actions.comment },
    { key: "a", description: "Approve the render", run: actions.approve },
    { key: "r", description: "Request changes (the note takes the focus)", run: actions.requestChanges },
  ];
}

/** Whether a key press was meant for a field, a player or a menu rather than the page. */
function typedIntoSomething(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLMediaElement ||
    target.closest("[role=menu],[role=listbox]") !== null
  );
}

/** Runs a shortcut when its key is pressed anywhere on the page, outside fields; off while `enabled` is false. */
export function useShortcuts(shortcuts: readonly Shortcut[], enabled = true): void {
  // The latest list, without adding and removing the listener on every render.
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.defaultPrevented ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        typedIntoSomething(event)
      ) {
        return;
      }
      const shortcut = latest.current.find((each) => each.key === event.key);
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}

"use client";

/**
 * The keyboard shortcuts, one registry for the whole page: a part adds a group of shortcuts with
 * one call (`useShortcuts`), one keydown listener on the window runs them, and the `?` dialog lists
 * what is registered. Keys typed into a field (a text input, a text area, a select, editable text)
 * or given to a media player are theirs, never a shortcut's; so are keys with Ctrl, Meta or Alt.
 *
 * Groups stack in the order they were added. A `modal` group (the viewer, a dialog over the page)
 * hides the groups beneath it while it is registered: their keys do nothing and the `?` dialog does
 * not list them. A part rendered inside the modal one (the review's keys in the viewer) is not
 * beneath it, whenever it registered: the modal part wraps its content in `ShortcutLayer` with its
 * title, and groups added inside stay live above it.
 */
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from "react";

export interface Shortcut {
  /** `KeyboardEvent.key`: "p", "ArrowRight", "?"… */
  key: string;
  /** How the `?` dialog writes the key, when not the key itself ("1–5" for five shortcuts). */
  label?: string;
  /** What it does, for the `?` dialog. */
  description: string;
  run: (event: KeyboardEvent) => void;
  /** Listed in the `?` dialog only under another shortcut's label (`2` to `5` under "1–5"). */
  unlisted?: boolean;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
  modal?: boolean;
  /** The modal group this one was added inside (set by `useShortcuts` from `ShortcutLayer`). */
  within?: string | null;
}

/** The title of the modal group a part is rendered inside. */
const Layer = createContext<string | null>(null);
export const ShortcutLayer = Layer.Provider;

let groups: readonly ShortcutGroup[] = [];
const listeners = new Set<() => void>();
let helpOpen = false;

function publish(next: readonly ShortcutGroup[]) {
  groups = next;
  for (const listener of listeners) listener();
}

/**
 * The groups whose keys work now: from the last modal group (or the first) to the top, and those
 * added inside that modal group's part.
 */
export function activeGroups(all: readonly ShortcutGroup[] = groups): readonly ShortcutGroup[] {
  const modalAt = all.findLastIndex((group) => group.modal);
  const modal = all[modalAt];
  if (!modal) return all;
  return all.filter((group, index) => index >= modalAt || group.within === modal.title);
}

/** The active groups, kept current (what the `?` dialog lists). */
export function useActiveShortcuts(): readonly ShortcutGroup[] {
  const all = useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => groups,
    () => groups,
  );
  return activeGroups(all);
}

/** Whether a key pressed here belongs to what has the focus (typing, a player) rather than the page. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLMediaElement || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement || target.isContentEditable) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button"].includes(target.type);
}

/** The one listener: the top group that has the key runs it. */
function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (helpOpen || isTypingTarget(event.target)) return;
  if (event.key === "?") {
    event.preventDefault();
    openHelp();
    return;
  }
  for (const group of [...activeGroups()].reverse()) {
    const shortcut = group.shortcuts.find((each) => each.key === event.key);
    if (!shortcut) continue;
    event.preventDefault();
    shortcut.run(event);
    return;
  }
}

/** Adds a group of shortcuts while the component is mounted (and `enabled`); their `run` may change freely. */
export function useShortcuts(group: ShortcutGroup, enabled = true): void {
  const latest = useRef(group);
  useEffect(() => {
    latest.current = group;
  });
  const { title, modal } = group;
  const within = useContext(Layer);
  const keys = group.shortcuts.map((s) => `${s.key}:${s.description}`).join("\n");
  useEffect(() => {
    if (!enabled) return;
    // Each shortcut runs the `run` of the last render, so a handler never acts on stale state.
    const registered: ShortcutGroup = {
      title,
      modal,
      within,
      shortcuts: latest.current.shortcuts.map((shortcut, index) => ({
        ...shortcut,
        run: (event: KeyboardEvent) => latest.current.shortcuts[index]?.run(event),
      })),
    };
    if (groups.length === 0) window.addEventListener("keydown", onKeyDown);
    publish([...groups, registered]);
    return () => {
      publish(groups.filter((each) => each !== registered));
      if (groups.length === 0) window.removeEventListener("keydown", onKeyDown);
    };
  }, [title, modal, within, keys, enabled]);
}

const helpListeners = new Set<(open: boolean) => void>();

/** Opens the `?` dialog (also what `?` does). */
export function openHelp(): void {
  setHelpOpen(true);
}

export function setHelpOpen(open: boolean): void {
  helpOpen = open;
  for (const listener of helpListeners) listener(open);
}

/** Whether the `?` dialog is open, kept current. */
export function useHelpOpen(): boolean {
  return useSyncExternalStore(
    (listener) => (helpListeners.add(listener), () => helpListeners.delete(listener)),
    () => helpOpen,
    () => false,
  );
}

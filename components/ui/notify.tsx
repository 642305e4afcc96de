"use client";
/**
 * Toast notifications, loaded on demand: sonner and its toaster reach the browser with the first
 * notification, not with the page. `notify` takes sonner's own arguments; the toaster mounts once,
 * then every call goes straight through.
 */
import { Suspense, lazy, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";

type Toast = typeof sonnerToast;

let toasterWanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => (markMounted = resolve));
let toastModule: Promise<Toast> | undefined;

/** Asks for the toaster (once) and resolves with sonner's `toast` once the toaster can show one. */
function ready(): Promise<Toast> {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  toastModule ??= import("sonner").then((m) => m.toast);
  return Promise.all([toastModule, toasterMounted]).then(([toast]) => toast);
}

type Message = Parameters<Toast["success"]>[0];

export const notify = {
  success: (message: Message, data?: ExternalToast) => void ready().then((t) => t.success(message, data)),
  error: (message: Message, data?: ExternalToast) => void ready().then((t) => t.error(message, data)),
  info: (message: Message, data?: ExternalToast) => void ready().then((t) => t.info(message, data)),
  promise: <T,>(promise: Promise<T>, data: Parameters<Toast["promise"]>[1]) =>
    void ready().then((t) => t.promise(promise, data)),
};

/**
 * Where the home page puts the gallery beside the form (its `lg:` grid): toasts sit bottom right,
 * over the gallery. Narrower, the form fills the width and its submit button can be anywhere near
 * the bottom, so toasts drop from the top, under the header.
 */
const SIDE_BY_SIDE = "(min-width: 64rem)";
const watchWidth = (listener: () => void) => {
  const query = window.matchMedia(SIDE_BY_SIDE);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
};

const Toaster = lazy(() =>
  import("sonner").then(({ Toaster: SonnerToaster }) => {
    function MountedToaster() {
      useEffect(() => markMounted(), []);
      const wide = useSyncExternalStore(
        watchWidth,
        () => window.matchMedia(SIDE_BY_SIDE).matches,
        () => true,
      );
      if (wide) return <SonnerToaster theme="system" position="bottom-right" richColors closeButton />;
      // The header scrolls with the page; below its height a toast never hides it at the top.
      const top = `${(document.querySelector("header")?.clientHeight ?? 0) + 8}px`;
      return (
        <SonnerToaster
          theme="system"
          position="top-center"
          offset={{ top }}
          mobileOffset={{ top }}
          richColors
          closeButton
        />
      );
    }
    return { default: MountedToaster };
  }),
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where toasts appear; renders nothing until the first notification. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => toasterWanted,
    () => false,
  );
  return wanted ? (
    <Suspense>
      <Toaster />
    </Suspense>
  ) : null;
}

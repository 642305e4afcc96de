"use client";
/**
 * Toast notifications, loaded on demand: sonner and its toaster reach the browser with the first
 * notification, not with the page. `notify` takes sonner's own arguments; the toaster mounts once,
 * then every call goes straight through.
 */
import { Suspense, lazy, useSyncExternalStore } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";

type Toast = typeof sonnerToast;

/** sonner, its toaster and the placement of toasts (toaster.tsx), fetched once. */
let toasterModule: Promise<typeof import("./toaster")> | undefined;
const loadToaster = () => (toasterModule ??= import("./toaster"));

let toasterWanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => (markMounted = resolve));

/**
 * Asks for the toaster (once) and resolves with sonner's `toast` once the toaster can show one,
 * placed for what is on screen now.
 */
function ready(): Promise<Toast> {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([loadToaster(), toasterMounted]).then(([{ toast, placeToasts }]) => {
    placeToasts();
    return toast;
  });
}

type Message = Parameters<Toast["success"]>[0];

export const notify = {
  success: (message: Message, data?: ExternalToast) => void ready().then((t) => t.success(message, data)),
  error: (message: Message, data?: ExternalToast) => void ready().then((t) => t.error(message, data)),
  info: (message: Message, data?: ExternalToast) => void ready().then((t) => t.info(message, data)),
  promise: <T,>(promise: Promise<T>, data: Parameters<Toast["promise"]>[1]) =>
    void ready().then((t) => t.promise(promise, data)),
  /** A toast with a spinner; resolves to its id, which a later toast takes to replace it. */
  loading: (message: Message) => ready().then((t) => t.loading(message)),
};

const Toaster = lazy(loadToaster);

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
      <Toaster onMounted={markMounted} />
    </Suspense>
  ) : null;
}

"use client";
/**
 * This browser's side of the cross-tab dedupe in `lib/client/form/recent-submission.ts`: localStorage, the
 * tab's id, and a Web Lock that makes "read the last submission, write this one" one step across tabs.
 */
import type { SubmissionStorage } from "@/lib/client/form";

/** localStorage, read lazily: touching it can throw (blocked storage), which the dedupe tolerates. */
export const browserStorage: SubmissionStorage = {
  getItem: (name) => window.localStorage.getItem(name),
  setItem: (name, value) => window.localStorage.setItem(name, value),
};

let tabId: string | undefined;
/** Tells this tab's submissions from other tabs', for the wording of a replay. */
export const thisTab = (): string => (tabId ??= crypto.randomUUID());

/**
 * Runs `task` holding a lock named after the request body in every tab of this browser, until the
 * task settles. localStorage writes reach other tabs asynchronously, so two tabs submitting the same
 * body in the same instant could both miss each other's entry; under the lock the second waits for
 * the first's answer, then finds its key. Only identical bodies wait on each other. Without Web Locks
 * (plain HTTP on a LAN address is not a secure context) the task runs at once.
 */
export async function withSubmissionLock<T>(body: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return task();
  return await navigator.locks.request(`render-submit:${body}`, task);
}

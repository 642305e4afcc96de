/**
 * The form's video model, for what is shown beside the form: a video's "Use as reference" is offered
 * only when that model takes reference videos. The form publishes its choice while it is on the page;
 * elsewhere (a render's own page) the choice is the form's default, which the form opens with.
 * Not in the form's index: a card's menu imports it without the form's code.
 */
import { useSyncExternalStore } from "react";
import { DEFAULT_VIDEO_MODEL } from "@/lib/domain/catalogue";

let chosen: string = DEFAULT_VIDEO_MODEL;
const listeners = new Set<() => void>();

/** The form's video model changed (or, with the default, the form left the page). */
export function publishFormVideoModel(model: string): void {
  if (model === chosen) return;
  chosen = model;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFormVideoModel(): string {
  return useSyncExternalStore(
    subscribe,
    () => chosen,
    () => DEFAULT_VIDEO_MODEL,
  );
}

/**
 * Culling from the browser: ratings, picks and rejects show at once (put into this tab's cache as
 * the live stream would) and are taken back if the server refuses them; tags show once the server
 * has answered (it normalises them). The stream then brings either to the member's other pages.
 * Loaded on first use, not with the page.
 */
import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { LedgerRender, RenderMarks, TagSuggestions } from "@/lib/contract";
import type { CullFlag } from "@/lib/domain/cull";
import { queryKeys } from "./keys";
import { applyLocally } from "./organize";
import { findLoadedRender } from "./renders";

/** A change of marks: a field left out stays as it is; null clears it. */
export interface MarksChange {
  rating?: number | null;
  flag?: CullFlag | null;
}

const markEvents = (marks: readonly RenderMarks[]) =>
  marks.map(({ id, rating, flag }) => ({ type: "mark" as const, id, rating, flag }));

/**
 * Sets the caller's marks on renders, shown at once, or once `shownAfter` settles (the viewer moving
 * on: the render rated is no longer in view, so its change waits until the next one is drawn).
 * `before` is each render's marks as shown: put back if the server refuses. Resolves to the marks saved.
 */
export async function saveMarks(
  queryClient: QueryClient,
  before: readonly RenderMarks[],
  change: MarksChange,
  shownAfter?: Promise<void>,
): Promise<RenderMarks[]> {
  const after = before.map((marks) => ({
    id: marks.id,
    rating: change.rating === undefined ? marks.rating : change.rating,
    flag: change.flag === undefined ? marks.flag : change.flag,
  }));
  // The request leaves first, in the caller's own task: its round trip then runs while the change
  // (and, in the viewer, the next render) is drawn, instead of after it.
  const saved = apiFetch("/api/renders/marks", (c) => c.marksResultSchema, {
    method: "POST",
    body: { ids: before.map((marks) => marks.id), ...change },
  });
  const show = async () => {
    await shownAfter;
    await applyLocally(queryClient, markEvents(after));
  };
  // Both settle before a refusal puts the marks back, so the change never lands after its undoing.
  const [answer] = await Promise.allSettled([saved, show()]);
  if (answer.status === "fulfilled") return answer.value.items;
  await applyLocally(queryClient, markEvents(before));
  throw answer.reason;
}

/** A render's marks as this tab holds them. */
export const marksOf = (render: Pick<LedgerRender, "id" | "rating" | "flag">): RenderMarks => ({
  id: render.id,
  rating: render.rating ?? null,
  flag: render.flag ?? null,
});

/** Adds and removes the team's tags on renders; each loaded copy shows the tags the server kept. */
export async function saveTags(
  queryClient: QueryClient,
  ids: readonly string[],
  change: { add?: readonly string[]; remove?: readonly string[] },
): Promise<void> {
  const { items } = await apiFetch("/api/renders/tags", (c) => c.tagsResultSchema, {
    method: "POST",
    body: { ids, ...change },
  });
  const events = items.flatMap(({ id, tags }) => {
    const held =
      queryClient.getQueryData<LedgerRender>(queryKeys.renders.detail(id)) ??
      findLoadedRender(queryClient, id);
    return held ? [{ type: "render" as const, render: { ...held, tags } }] : [];
  });
  await applyLocally(queryClient, events);
  void queryClient.invalidateQueries({ queryKey: queryKeys.tags });
}

/** The team's tags starting with `prefix`, most used first. */
export async function tagSuggestions(prefix: string): Promise<TagSuggestions["items"]> {
  const query = prefix ? `?q=${encodeURIComponent(prefix)}` : "";
  return (await apiFetch(`/api/tags${query}`, (c) => c.tagSuggestionsSchema)).items;
}

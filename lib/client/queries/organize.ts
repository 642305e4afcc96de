/**
 * Starring and archiving renders from the browser. A star shows at once and is taken back if the
 * server refuses it; an archive shows once the server has answered (it moves renders between the
 * gallery's lists). Both put the change into this tab's cache as the live stream would, so every
 * list and render page here agrees; the stream then brings it to the member's other pages.
 * Loaded on first use, not with the page.
 */
import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { LiveEvent } from "@/lib/contract";

/** The stream's own way to put a change into the cache (see event-stream.ts). */
export const applyLocally = async (queryClient: QueryClient, events: readonly LiveEvent[]) =>
  (await import("@/lib/client/live/event-stream")).applyLiveEvents(queryClient, events);

export async function setFavourite(queryClient: QueryClient, id: string, favourite: boolean): Promise<void> {
  await applyLocally(queryClient, [{ type: "favourite", id, favourite }]);
  try {
    await apiFetch(`/api/renders/${encodeURIComponent(id)}/favourite`, (c) => c.favouriteStateSchema, {
      method: favourite ? "PUT" : "DELETE",
    });
  } catch (error) {
    await applyLocally(queryClient, [{ type: "favourite", id, favourite: !favourite }]);
    throw error;
  }
}

export async function setArchived(
  queryClient: QueryClient,
  ids: readonly string[],
  archived: boolean,
): Promise<void> {
  const { items } = await apiFetch("/api/renders/archive", (c) => c.archiveResultSchema, {
    method: "POST",
    body: { ids, archived },
  });
  await applyLocally(
    queryClient,
    items.map((render) => ({ type: "render", render })),
  );
}

/**
 * Starring and archiving as the gallery, the viewer and the render page offer them: the change, and
 * what the person is told (a refusal; an archive with a way to undo it). Loaded on first use.
 */
import type { QueryClient } from "@tanstack/react-query";
import { setArchived, setFavourite } from "@/lib/client/queries/organize";
import { notify } from "@/components/ui/notify";
import { noticeWhileSlow } from "@/components/ui/slow-notice";
import { renderCount } from "@/lib/domain/format";

export async function toggleFavourite(queryClient: QueryClient, id: string, favourite: boolean) {
  try {
    await setFavourite(queryClient, id, favourite);
  } catch (error) {
    notify.error(favourite ? "Could not add to favourites" : "Could not remove from favourites", {
      description: (error as Error).message,
    });
  }
}

/** Archives (or brings back) renders; resolves to whether it worked. */
export async function archiveRenders(
  queryClient: QueryClient,
  ids: readonly string[],
  archived: boolean,
): Promise<boolean> {
  const change = setArchived(queryClient, ids, archived);
  const id = await noticeWhileSlow(
    `${archived ? "Archiving" : "Unarchiving"} ${renderCount(ids.length)}…`,
    change,
  );
  try {
    await change;
  } catch (error) {
    notify.error(archived ? "Could not archive" : "Could not unarchive", {
      id,
      description: (error as Error).message,
    });
    return false;
  }
  notify.success(archived ? `Archived ${renderCount(ids.length)}` : `Unarchived ${renderCount(ids.length)}`, {
    id,
    description: archived ? "Hidden from the gallery; the Archived filter shows them." : undefined,
    action: { label: "Undo", onClick: () => void archiveRenders(queryClient, ids, !archived) },
  });
  return true;
}

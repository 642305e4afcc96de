"use client";

/** "Archive" or "Unarchive" for one render, as a button (viewer, render page) or a menu item's label. */
import { useQueryClient } from "@tanstack/react-query";
import { ArchiveIcon, ArchiveRestoreIcon } from "lucide-react";
import { Button, type ButtonSize } from "@/components/ui/button";
import type { LedgerRender } from "@/lib/contract";
import { useAction } from "@/lib/client/queries/action";
import { archiveRenders } from "./organize-actions";

export function ArchiveLabel({ archived }: { archived: boolean }) {
  return archived ? (
    <>
      <ArchiveRestoreIcon /> Unarchive
    </>
  ) : (
    <>
      <ArchiveIcon /> Archive
    </>
  );
}

export function ArchiveButton({
  render,
  size,
}: {
  render: Pick<LedgerRender, "id" | "archivedAt">;
  size?: ButtonSize;
}) {
  const queryClient = useQueryClient();
  const archived = render.archivedAt !== null;
  const change = useAction({ mutationFn: () => archiveRenders(queryClient, [render.id], !archived) });
  return (
    <Button
      size={size}
      variant="ghost"
      busy={change.isPending}
      busyText={archived ? "Unarchiving…" : "Archiving…"}
      onClick={() => change.mutate()}
    >
      <ArchiveLabel archived={archived} />
    </Button>
  );
}

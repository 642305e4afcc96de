"use client";

/** A render's actions menu on a gallery card (Radix DropdownMenu), loaded when first opened. */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import type { LedgerRender } from "@/lib/contract";
import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowUpRightIcon,
  CopyIcon,
  DownloadIcon,
  EllipsisIcon,
  LayoutGridIcon,
  MinusCircleIcon,
  SlidersHorizontalIcon,
} from "lucide-react";
import { useState } from "react";
import { AddToBoard } from "./add-to-board";
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from "@/components/ui/menu";
import { ACTIONS_TRIGGER_CLASSES } from "./render-actions";
import { DownloadLink } from "./download-link";
import { renderHref, reuseSettingsHref } from "./render-links";
import { copyPrompt } from "./copy-prompt";
import { ArchiveLabel } from "./archive-button";
import { archiveRenders } from "./organize-actions";
import { useReview } from "./review-context";
import { IterateMenuItems } from "./iterate-actions";

export default function RenderActionsMenu({ render }: { render: LedgerRender }) {
  const queryClient = useQueryClient();
  const archived = render.archivedAt !== null;
  const board = useReview()?.board;
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Menu modal={false} defaultOpen>
        <MenuTrigger className={ACTIONS_TRIGGER_CLASSES} aria-label="Actions">
          <EllipsisIcon />
        </MenuTrigger>
        <MenuContent>
          <MenuItem asChild>
            <Link href={renderHref(render.id)}>
              <ArrowUpRightIcon /> Open
            </Link>
          </MenuItem>
          {render.status === "ready" && render.outputUrl && (
            <MenuItem asChild>
              <DownloadLink renderId={render.id}>
                <DownloadIcon /> Download
              </DownloadLink>
            </MenuItem>
          )}
          <MenuItem onSelect={() => void copyPrompt(render.prompt)}>
            <CopyIcon /> Copy prompt
          </MenuItem>
          <MenuSeparator />
          <ReuseSettingsItem id={render.id} />
          <IterateMenuItems render={render} />
          <MenuItem onSelect={() => void archiveRenders(queryClient, [render.id], !archived)}>
            <ArchiveLabel archived={archived} />
          </MenuItem>
          <MenuItem onSelect={() => setPicking(true)}>
            <LayoutGridIcon /> Add to board
          </MenuItem>
          {board && (
            <MenuItem
              onSelect={() =>
                void import("./board-actions").then(({ removeFromBoard }) =>
                  removeFromBoard(queryClient, board, [render.id]),
                )
              }
            >
              <MinusCircleIcon /> Remove from board
            </MenuItem>
          )}
        </MenuContent>
      </Menu>
      <AddToBoard renderIds={[render.id]} open={picking} onOpenChange={setPicking} />
    </>
  );
}

/** Reads the URL only while the menu is open, so cards do not re-render when filters change. */
function ReuseSettingsItem({ id }: { id: string }) {
  const searchParams = useSearchParams();
  return (
    <MenuItem asChild>
      <Link href={reuseSettingsHref(id, new URLSearchParams(searchParams.toString()))}>
        <SlidersHorizontalIcon /> Reuse settings
      </Link>
    </MenuItem>
  );
}

"use client";

/** A render's actions menu on a gallery card (Radix DropdownMenu), loaded when first opened. */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import type { LedgerRender } from "@/lib/contract";
import {
  ArrowUpRightIcon,
  CopyIcon,
  DownloadIcon,
  EllipsisIcon,
  PencilIcon,
  RotateCwIcon,
} from "lucide-react";
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from "@/components/ui/menu";
import { ACTIONS_TRIGGER_CLASSES } from "./render-actions";
import { editHref, renderHref } from "./render-links";
import { copyPrompt, downloadName, useReuseRender } from "./use-render-actions";

export default function RenderActionsMenu({ render }: { render: LedgerRender }) {
  const { reuse } = useReuseRender();
  return (
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
            <a
              href={render.outputUrl}
              download={downloadName(render)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <DownloadIcon /> Download
            </a>
          </MenuItem>
        )}
        <MenuItem onSelect={() => void copyPrompt(render.prompt)}>
          <CopyIcon /> Copy prompt
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => reuse(render)}>
          <RotateCwIcon /> Reuse
        </MenuItem>
        <EditItem id={render.id} />
      </MenuContent>
    </Menu>
  );
}

/** Reads the URL only while the menu is open, so cards do not re-render when filters change. */
function EditItem({ id }: { id: string }) {
  const searchParams = useSearchParams();
  return (
    <MenuItem asChild>
      <Link href={editHref(id, new URLSearchParams(searchParams.toString()))}>
        <PencilIcon /> Edit
      </Link>
    </MenuItem>
  );
}

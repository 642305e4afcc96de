"use client";

/** A render's actions menu on a gallery card (Radix DropdownMenu). */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import type { LedgerRender } from "@/lib/contract";
import { buttonClasses } from "@/components/ui/button";
import {
  ArrowUpRightIcon,
  CopyIcon,
  DownloadIcon,
  EllipsisIcon,
  PencilIcon,
  RotateCwIcon,
} from "lucide-react";
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from "@/components/ui/menu";
import { copyPrompt, downloadName, editHref, renderHref, useReuseRender } from "./use-render-actions";

export function RenderActions({ render }: { render: LedgerRender }) {
  const { reuse } = useReuseRender();
  return (
    <Menu modal={false}>
      <MenuTrigger
        className={buttonClasses({ variant: "ghost", size: "icon", className: "-mr-1 size-7" })}
        aria-label="Actions"
      >
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

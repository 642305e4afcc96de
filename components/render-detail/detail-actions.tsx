"use client";

/**
 * The render page's actions, as visible buttons: Download, Share, Reuse settings, Favourite, Copy
 * prompt, Archive or Unarchive.
 */
import Link from "next/link";
import type { LedgerRender } from "@/lib/contract";
import { Button, buttonClasses } from "@/components/ui/button";
import { CopyIcon, DownloadIcon, SlidersHorizontalIcon } from "lucide-react";
import { DownloadLink } from "@/components/render/download-link";
import { reuseSettingsHref } from "@/components/render/render-links";
import { IterateButtons } from "@/components/render/iterate-actions";
import { copyPrompt } from "@/components/render/copy-prompt";
import { ArchiveButton } from "@/components/render/archive-button";
import { FavouriteButton } from "@/components/render/favourite-button";
import { ShareButton } from "@/components/shares/share-button";

export function DetailActions({ render }: { render: LedgerRender }) {
  return (
    <div className="flex flex-wrap gap-2">
      {render.status === "ready" && render.outputUrl && (
        <DownloadLink renderId={render.id} className={buttonClasses({ variant: "primary" })}>
          <DownloadIcon /> Download
        </DownloadLink>
      )}
      {render.status === "ready" && render.outputUrl && (
        <ShareButton target={{ kind: "render", id: render.id }} />
      )}
      <Link href={reuseSettingsHref(render.id)} className={buttonClasses()}>
        <SlidersHorizontalIcon /> Reuse settings
      </Link>
      <IterateButtons render={render} />
      <FavouriteButton render={render} size="md" />
      <Button variant="ghost" onClick={() => void copyPrompt(render.prompt)}>
        <CopyIcon /> Copy prompt
      </Button>
      <ArchiveButton render={render} />
    </div>
  );
}

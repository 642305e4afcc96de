"use client";

/** The render page's actions, as visible buttons: Download, Reuse, Edit, Copy prompt. */
import Link from "next/link";
import type { LedgerRender } from "@/lib/contract";
import { Button, buttonClasses } from "@/components/ui/button";
import { CopyIcon, DownloadIcon, PencilIcon, RotateCwIcon } from "lucide-react";
import { editHref } from "@/components/gallery/render-links";
import { copyPrompt, downloadName, useReuseRender } from "@/components/gallery/use-render-actions";

export function DetailActions({ render }: { render: LedgerRender }) {
  const { reuse, isPending } = useReuseRender();
  return (
    <div className="flex flex-wrap gap-2">
      {render.status === "ready" && render.outputUrl && (
        <a
          href={render.outputUrl}
          download={downloadName(render)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: "primary" })}
        >
          <DownloadIcon /> Download
        </a>
      )}
      <Button onClick={() => reuse(render)} disabled={isPending}>
        <RotateCwIcon /> Reuse
      </Button>
      <Link href={editHref(render.id)} className={buttonClasses()}>
        <PencilIcon /> Edit
      </Link>
      <Button variant="ghost" onClick={() => void copyPrompt(render.prompt)}>
        <CopyIcon /> Copy prompt
      </Button>
    </div>
  );
}

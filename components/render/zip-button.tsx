"use client";

/**
 * A small "Zip" button for a whole group of renders (a batch, the gallery's current filter result).
 * The download code loads on the first click, not with the page.
 */
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ZipFields } from "./frame-download";
import { withFrameDownload } from "./with-frame-download";

export function ZipButton({ fields, label }: { fields: ZipFields; label: string }) {
  const download = () => withFrameDownload(({ downloadZip }) => downloadZip(fields));
  return (
    <Button size="sm" variant="ghost" aria-label={label} title={label} onClick={download}>
      <DownloadIcon /> Zip
    </Button>
  );
}

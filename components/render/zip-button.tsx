"use client";

/**
 * A small "Zip" button for a whole group of renders (a batch, the gallery's current filter result).
 * The download code loads on the first click, not with the page.
 */
import { DownloadIcon } from "lucide-react";
import { Button, type ButtonSize } from "@/components/ui/button";
import type { ZipFields } from "./frame-download";
import { withFrameDownload } from "./with-frame-download";

export function ZipButton({
  fields,
  label,
  size = "sm",
}: {
  fields: ZipFields;
  label: string;
  size?: ButtonSize;
}) {
  const download = () => withFrameDownload(({ downloadZip }) => downloadZip(fields));
  return (
    <Button size={size} variant="ghost" aria-label={label} title={label} onClick={download}>
      <DownloadIcon /> Zip
    </Button>
  );
}

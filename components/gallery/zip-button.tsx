"use client";

/**
 * A small "Zip" button for a whole group of renders (a batch, the gallery's current filter result).
 * The download code loads on the first click, not with the page.
 */
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/notify";
import type { ZipFields } from "./zip-download";

export function ZipButton({ fields, label }: { fields: ZipFields; label: string }) {
  const download = () =>
    import("./zip-download").then(
      ({ downloadZip }) => downloadZip(fields),
      (error: Error) => notify.error("Could not start the download", { description: error.message }),
    );
  return (
    <Button size="sm" variant="ghost" aria-label={label} title={label} onClick={() => void download()}>
      <DownloadIcon /> Zip
    </Button>
  );
}

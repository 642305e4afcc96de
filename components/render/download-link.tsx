"use client";

/**
 * A render's "Download" link. A plain click sends the page's hidden download frame to the file
 * (frame-download.ts), so a refusal (an output the service no longer serves) is said in words; a
 * modified click, "Save link as" or a page whose script has not loaded download it directly.
 */
import type { ComponentProps, MouseEvent } from "react";
import { downloadHref } from "./render-links";
import { withFrameDownload } from "./with-frame-download";

type DownloadLinkProps = { renderId: string } & Omit<ComponentProps<"a">, "href" | "download">;

export function DownloadLink({ renderId, onClick, ...props }: DownloadLinkProps) {
  const href = downloadHref(renderId);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
    if (event.defaultPrevented || !plain) return;
    event.preventDefault();
    withFrameDownload(({ downloadFile }) => downloadFile(href));
  };
  return <a {...props} href={href} download onClick={click} />;
}

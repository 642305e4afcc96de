"use client";
/**
 * How a reference shows: a thumbnail for an image, a small player for video and audio, so the user
 * can check it is the right file without leaving the form.
 */
import { useState } from "react";
import type { ReferenceKind } from "@/lib/client/form";

export function MediaPreview({
  kind,
  src,
  className = "",
}: {
  kind: ReferenceKind;
  src: string;
  className?: string;
}) {
  // A file the browser cannot decode (or a URL the service no longer serves) shows a quiet
  // placeholder instead of a broken-image icon.
  const [broken, setBroken] = useState(false);
  if (kind === "image") {
    if (broken) {
      return (
        <span
          className={`flex items-center justify-center bg-zinc-100 text-[10px] text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400 ${className}`}
        >
          No preview
        </span>
      );
    }
    // Upload URLs are arbitrary service hosts and already small; next/image would only proxy them.
    return (
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={src}
        alt=""
        loading="lazy"
        onError={() => setBroken(true)}
        className={`object-cover ${className}`}
      />
    );
  }
  if (kind === "video") {
    return (
      <video
        src={src}
        controls
        preload="metadata"
        muted
        playsInline
        className={`bg-black object-contain ${className}`}
      />
    );
  }
  return <audio src={src} controls preload="none" className={`h-9 w-full ${className}`} />;
}

/** The file name at the end of an upload URL, for lists that only know the URL. */
export function fileNameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : url;
  } catch {
    return url;
  }
}
